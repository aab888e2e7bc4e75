/* The native core of umpire's movement adjudicator: a step-by-step mirror of the Python reference.
 *
 * ``Map(spec)`` holds a map's tables as integers and bitsets (built once per map by umpire.diplomacy.native)
 * and per-map caches of what each unit, centre and order text means (texts in canonical notation are read
 * here, others by the Python readers in the spec, once).  ``Map.movement(case_id, units, centers, orders, fall,
 * year)`` reads a movement case, adjudicates it exactly as resolver._Movement does (the same legality checks and
 * void reasons in the same order, the same Kruijswijk guess-and-check, cycle handling and backup rule) and builds
 * the whole answer as contract._movement would.  ``fast(case, maps)`` first does what contract.adjudicate does
 * before that (the case's keys, variant, phase, options).  Whatever they do not take on (an error in the case,
 * orders in compact notation, several orders to one unit, an order naming another type or coast than the
 * board's, an order of another phase) makes them return None: the caller then runs the Python path, which gives
 * the answer or the error.  The Python answer is the reference; tests/diplomacy/test_native.py compares both.
 *
 * Everything below is keyed by province index; the comments name the Python function each part mirrors.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdarg.h>
#include <string.h>

enum { T_NONE = 0, T_HOLD, T_MOVE, T_SUPHOLD, T_SUPMOVE, T_CONVOY, T_UNREADABLE, T_WAIVE, T_FALLBACK };
enum { PT_LAND = 0, PT_SEA = 1, PT_COAST = 2 };
enum { W_PREVENTED = 0, W_HOLD, W_H2H, W_OWN };
#define NFIELDS 11 /* type, unit kind, loc, prov, target kind, target loc, target prov, dest loc, dest prov, via,
                    * whether the text is already canonical */
#define MAXFLEETS 64
#define RESET_MINUS 11 /* the first arrays of the phase block, reset to -1 */
#define RESET_ZERO 10  /* the next ones, reset to 0 */
enum { FK_TYPE = 0, FK_UKIND, FK_LOC, FK_PROV, FK_TKIND, FK_TLOC, FK_TPROV, FK_DLOC, FK_DPROV, FK_VIA, FK_CANON };
#define CANON_BIT (1L << 20) /* in a unit or centre code: the text is the canonical one */

typedef struct {
    /* board */
    int *unat, *ukind, *uloc;
    /* orders (by the province of the ordered unit) */
    int *otype, *ofield; /* ofield: P * NFIELDS */
    int *olist, nolist;  /* provinces in the order the orders were chosen (contract's ``chosen``) */
    /* legality */
    int *mv_dest, *mv_loc, *conv, *h2h;
    int *into_first, *into_last, *into_next, *into_n;
    int *mv_order, nmv;
    int *checked, nchecked, *overland, noverland;
    int *supports, nsupports, *convoys, nconvoys;
    int *is_sup, *sup_t, *sup_aim, *sup_order, nsup;
    int *sm_first, *sm_last, *sm_next, *sh_first, *sh_last, *sh_next;
    int *cv_army, *cv_order, ncv, *cf_first, *cf_last, *cf_next;
    PyObject **void_reason;
    /* resolution */
    int *paths, *res, *guess, *visiting, *cycle_set, *cycle, ncycle, hits, guess_based;
    int *szykman, *why_code, *why_a, *why_n;
    int last_code, last_a, last_n;
    /* after */
    int *dislodged_by, *arrived, *after_nat, *after_kind, *after_loc, *standoff;
    int *uidx; /* the fast path: by province, the index of its unit in the caller's list */
    uint64_t *fleets; /* seas holding a fleet */
    PyObject **utext, **ctext; /* by province: the case's own unit and centre texts when canonical (borrowed) */
    int bail;
} Phase;

/* A text cache: open addressing on the str hash, one short entry a text (a dict's lookup and its value
 * object cost more memory reads, which dominate when the caches are cold). */
typedef struct {
    PyObject *key; /* owned */
    Py_hash_t hash;
    PyObject *canon, *why; /* owned; orders only */
    int16_t f[NFIELDS]; /* an order's fields; a unit's or centre's code in f[0], 1 in f[1] if the text is canonical */
    char pad[64 - 3 * sizeof(PyObject *) - sizeof(Py_hash_t) - NFIELDS * sizeof(int16_t)];
} Entry; /* one cache line (on 64-bit builds) */

typedef struct {
    Entry *slots; /* aligned on 64 bytes inside ``block`` */
    void *block;
    size_t mask, used;
} Cache;

#define CACHE_MAX 32768 /* entries; the cache is emptied (between calls) when it holds more */

typedef struct {
    PyObject_HEAD
    int P, L, W, WL, NPOW, maxdeg;
    int *prov_of, *ptype, *prov_loc, *loc_rank, *unit_rank, *prov_rank, *power_rank;
    int *coasts, *coast_start, *homes, *home_start, *is_center, *canon_units;
    uint64_t *army_adj, *fleet_adj, *fleet_reach, *touches, *links, *seas;
    PyObject *prov_names, *loc_names, *power_names, *unit_texts, *power_index;
    Cache unit_cache, order_cache, center_cache;
    PyObject *read_unit, *read_order, *read_center, *empty;
    Phase ph;
    char *names; /* every location's name, NUL-terminated, at name_at[loc] */
    int *name_at, *name_table, name_mask; /* name_table: open addressing on the name's bytes, loc + 1 */
    PyObject **moves_to, **supports_text; /* reasons made once: by location; by unit code * L + location */
    int *block; /* every int array of ph */
    size_t nblock;
    int busy;
} MapObject;

static PyObject *K_ID, *K_UNITS, *K_DISLODGED, *K_CENTERS, *K_RESULTS, *K_NEXT, *K_ORDER, *K_RESULT, *K_REASON;
static PyObject *S_SUCCEEDS, *S_FAILS, *S_VOID, *S_HOLDS;

#define HAS(bs, w, row, i) (((bs)[(size_t)(row) * (w) + ((i) >> 6)] >> ((i) & 63)) & 1u)
#define BIT(bs, i) (((bs)[(i) >> 6] >> ((i) & 63)) & 1u)

/* ------------------------------------------------------------------------------------------ small helpers */

/* Sort ``n`` ints ascending in place (the lists sorted here are short: a power's units or centres). */
static void isort(int *a, int n) {
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static int itoa10(int v, char *out) {
    char tmp[12];
    int n = 0, neg = v < 0;
    unsigned u = neg ? 0u - (unsigned)v : (unsigned)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    int k = 0;
    if (neg) out[k++] = '-';
    while (n) out[k++] = tmp[--n];
    return k;
}

/* PyUnicode_FromFormat for the specifiers used here (%U a str, %s an ASCII C string, %d an int, %c a char), in
 * two passes over the pieces with no printf: the reasons are made for every order of every phase.  The same
 * text as PyUnicode_FromFormat (anything else is handed to it). */
static PyObject *ufmt(const char *fmt, ...) {
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    Py_ssize_t len = 0;
    Py_UCS4 maxc = 127;
    int ok = 1;
    char num[16];
    for (const char *f = fmt; *f && ok; f++) {
        if (*f != '%') {
            ok = (unsigned char)*f < 128;
            len++;
            continue;
        }
        switch (*++f) {
        case 'U': {
            PyObject *u = va_arg(ap, PyObject *);
            len += PyUnicode_GET_LENGTH(u);
            if (PyUnicode_MAX_CHAR_VALUE(u) > maxc) maxc = PyUnicode_MAX_CHAR_VALUE(u);
            break;
        }
        case 's':
            for (const char *x = va_arg(ap, const char *); *x; x++, len++) ok &= (unsigned char)*x < 128;
            break;
        case 'd':
            len += itoa10(va_arg(ap, int), num);
            break;
        case 'c': {
            int ch = va_arg(ap, int);
            ok = ch > 0 && ch < 128;
            len++;
            break;
        }
        default:
            ok = 0;
        }
    }
    va_end(ap);
    if (!ok) {
        PyObject *r = PyUnicode_FromFormatV(fmt, again);
        va_end(again);
        return r;
    }
    PyObject *r = PyUnicode_New(len, maxc);
    if (r == NULL) {
        va_end(again);
        return NULL;
    }
    int kind = PyUnicode_KIND(r);
    void *data = PyUnicode_DATA(r);
    Py_ssize_t at = 0;
    for (const char *f = fmt; *f; f++) {
        if (*f != '%') {
            PyUnicode_WRITE(kind, data, at++, (Py_UCS4)(unsigned char)*f);
            continue;
        }
        switch (*++f) {
        case 'U': {
            PyObject *u = va_arg(again, PyObject *);
            Py_ssize_t n = PyUnicode_GET_LENGTH(u);
            if (kind == PyUnicode_1BYTE_KIND)
                memcpy((char *)data + at, PyUnicode_1BYTE_DATA(u), (size_t)n);
            else
                PyUnicode_CopyCharacters(r, at, u, 0, n);
            at += n;
            break;
        }
        case 's':
            for (const char *x = va_arg(again, const char *); *x; x++)
                PyUnicode_WRITE(kind, data, at++, (Py_UCS4)(unsigned char)*x);
            break;
        case 'd': {
            int n = itoa10(va_arg(again, int), num);
            for (int i = 0; i < n; i++) PyUnicode_WRITE(kind, data, at++, (Py_UCS4)num[i]);
            break;
        }
        case 'c':
            PyUnicode_WRITE(kind, data, at++, (Py_UCS4)va_arg(again, int));
            break;
        }
    }
    va_end(again);
    return r;
}

/* ------------------------------------------------------------------------------------------ construction */

static int get_ints(PyObject *spec, const char *key, int n, int **out) {
    PyObject *lst = PyDict_GetItemString(spec, key);
    if (lst == NULL || !PyList_Check(lst) || (n >= 0 && PyList_GET_SIZE(lst) != n)) {
        PyErr_Format(PyExc_ValueError, "spec[%s] must be a list of %d ints", key, n);
        return -1;
    }
    Py_ssize_t m = PyList_GET_SIZE(lst);
    int *a = PyMem_Calloc((size_t)m + 1, sizeof(int));
    if (a == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < m; i++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(lst, i));
        if (v == -1 && PyErr_Occurred()) {
            PyMem_Free(a);
            return -1;
        }
        a[i] = (int)v;
    }
    *out = a;
    return (int)m;
}

/* A list of lists of ints to rows of bitsets (``w`` words a row). */
static int get_bits(PyObject *spec, const char *key, int rows, int w, int limit, uint64_t **out) {
    PyObject *lst = PyDict_GetItemString(spec, key);
    if (lst == NULL || !PyList_Check(lst) || PyList_GET_SIZE(lst) != rows) {
        PyErr_Format(PyExc_ValueError, "spec[%s] must be a list of %d lists", key, rows);
        return -1;
    }
    uint64_t *bs = PyMem_Calloc((size_t)rows * w + 1, sizeof(uint64_t));
    if (bs == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int r = 0; r < rows; r++) {
        PyObject *row = PyList_GET_ITEM(lst, r);
        if (!PyList_Check(row)) {
            PyMem_Free(bs);
            PyErr_Format(PyExc_ValueError, "spec[%s][%d] must be a list", key, r);
            return -1;
        }
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(row); i++) {
            long v = PyLong_AsLong(PyList_GET_ITEM(row, i));
            if (v < 0 || v >= limit) {
                PyMem_Free(bs);
                if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "spec[%s]: index out of range", key);
                return -1;
            }
            bs[(size_t)r * w + (v >> 6)] |= (uint64_t)1 << (v & 63);
        }
    }
    *out = bs;
    return 0;
}

/* A list of lists of ints, flattened, with each row's start. */
static int get_rows(PyObject *spec, const char *key, int rows, int **flat, int **start) {
    PyObject *lst = PyDict_GetItemString(spec, key);
    if (lst == NULL || !PyList_Check(lst) || PyList_GET_SIZE(lst) != rows) {
        PyErr_Format(PyExc_ValueError, "spec[%s] must be a list of %d lists", key, rows);
        return -1;
    }
    Py_ssize_t total = 0;
    for (int r = 0; r < rows; r++) {
        PyObject *row = PyList_GET_ITEM(lst, r);
        if (!PyList_Check(row)) {
            PyErr_Format(PyExc_ValueError, "spec[%s][%d] must be a list", key, r);
            return -1;
        }
        total += PyList_GET_SIZE(row);
    }
    *flat = PyMem_Calloc((size_t)total + 1, sizeof(int));
    *start = PyMem_Calloc((size_t)rows + 1, sizeof(int));
    if (*flat == NULL || *start == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int k = 0;
    for (int r = 0; r < rows; r++) {
        PyObject *row = PyList_GET_ITEM(lst, r);
        (*start)[r] = k;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(row); i++) {
            long v = PyLong_AsLong(PyList_GET_ITEM(row, i));
            if (v == -1 && PyErr_Occurred()) return -1;
            (*flat)[k++] = (int)v;
        }
    }
    (*start)[rows] = k;
    return 0;
}

static PyObject *get_obj(PyObject *spec, const char *key) {
    PyObject *o = PyDict_GetItemString(spec, key);
    if (o == NULL) {
        PyErr_Format(PyExc_ValueError, "spec[%s] is missing", key);
        return NULL;
    }
    Py_INCREF(o);
    return o;
}

static Entry *aligned_slots(size_t n, void **block) {
    *block = PyMem_Calloc(n + 1, sizeof(Entry));
    if (*block == NULL) return NULL;
    return (Entry *)(((uintptr_t)*block + 63) & ~(uintptr_t)63);
}

static int cache_init(Cache *c, size_t n) {
    c->slots = aligned_slots(n, &c->block);
    if (c->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    c->mask = n - 1;
    c->used = 0;
    return 0;
}

static void cache_clear(Cache *c) {
    if (c->slots == NULL) return;
    for (size_t i = 0; i <= c->mask; i++) {
        Entry *e = &c->slots[i];
        if (e->key != NULL) {
            Py_CLEAR(e->key);
            Py_CLEAR(e->canon);
            Py_CLEAR(e->why);
        }
    }
    c->used = 0;
}

static void cache_free(Cache *c) {
    cache_clear(c);
    PyMem_Free(c->block);
    c->slots = NULL;
    c->block = NULL;
}

static int text_eq(PyObject *a, PyObject *b) {
    Py_ssize_t n = PyUnicode_GET_LENGTH(a);
    return n == PyUnicode_GET_LENGTH(b) && PyUnicode_KIND(a) == PyUnicode_KIND(b) &&
           memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b), (size_t)n * PyUnicode_KIND(a)) == 0;
}

/* The entry of ``text`` (an exact str), or of NULL key where it would go. */
static Entry *cache_slot(Cache *c, PyObject *text, Py_hash_t h) {
    size_t i = (size_t)h & c->mask;
    for (;;) {
        Entry *e = &c->slots[i];
        if (e->key == NULL || (e->hash == h && (e->key == text || text_eq(e->key, text)))) return e;
        i = (i + 1) & c->mask;
    }
}

static int cache_grow(Cache *c) {
    size_t n = (c->mask + 1) * 2;
    Entry *old = c->slots;
    void *old_block = c->block;
    size_t oldn = c->mask + 1;
    c->slots = aligned_slots(n, &c->block);
    if (c->slots == NULL) {
        c->slots = old;
        c->block = old_block;
        PyErr_NoMemory();
        return -1;
    }
    c->mask = n - 1;
    for (size_t i = 0; i < oldn; i++)
        if (old[i].key != NULL) *cache_slot(c, old[i].key, old[i].hash) = old[i];
    PyMem_Free(old_block);
    return 0;
}

static unsigned name_hash(const char *b, Py_ssize_t n) {
    unsigned h = 2166136261u;
    for (Py_ssize_t i = 0; i < n; i++) h = (h ^ (unsigned char)b[i]) * 16777619u;
    return h;
}

/* The location named by the ``n`` bytes at ``b``, or -1. */
static int find_loc(MapObject *m, const char *b, Py_ssize_t n) {
    if (n <= 0) return -1;
    for (unsigned i = name_hash(b, n) & (unsigned)m->name_mask;; i = (i + 1) & (unsigned)m->name_mask) {
        int l = m->name_table[i] - 1;
        if (l < 0) return -1;
        const char *name = m->names + m->name_at[l];
        if ((Py_ssize_t)strlen(name) == n && memcmp(name, b, (size_t)n) == 0) return l;
    }
}

static int build_names(MapObject *m) {
    size_t total = 0;
    for (int l = 0; l < m->L; l++) {
        Py_ssize_t n;
        if (PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(m->loc_names, l), &n) == NULL) return -1;
        total += (size_t)n + 1;
    }
    int size = 16;
    while (size < 4 * m->L) size *= 2;
    m->names = PyMem_Malloc(total + 1);
    m->name_at = PyMem_Calloc((size_t)m->L + 1, sizeof(int));
    m->name_table = PyMem_Calloc((size_t)size, sizeof(int));
    if (m->names == NULL || m->name_at == NULL || m->name_table == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    m->name_mask = size - 1;
    size_t at = 0;
    for (int l = 0; l < m->L; l++) {
        Py_ssize_t n;
        const char *b = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(m->loc_names, l), &n);
        memcpy(m->names + at, b, (size_t)n + 1);
        m->name_at[l] = (int)at;
        at += (size_t)n + 1;
        if (find_loc(m, b, n) >= 0) continue; /* a name listed twice */
        unsigned i = name_hash(b, n) & (unsigned)m->name_mask;
        while (m->name_table[i]) i = (i + 1) & (unsigned)m->name_mask;
        m->name_table[i] = l + 1;
    }
    return 0;
}

/* orders._parse_canonical then contract._read_order and native.read_order for a movement phase, for the texts
 * already in canonical notation that read as a hold, move, support or convoy (the rest go to Python): 1 with
 * ``out`` filled, 0 otherwise. */
static int parse_fields(MapObject *m, PyObject *text, int16_t *out) {
    if (PyUnicode_KIND(text) != PyUnicode_1BYTE_KIND) return 0;
    const char *b = (const char *)PyUnicode_1BYTE_DATA(text);
    Py_ssize_t len = PyUnicode_GET_LENGTH(text);
    const char *w[8];
    Py_ssize_t wn[8];
    int n = 0;
    Py_ssize_t start = 0;
    for (Py_ssize_t i = 0; i <= len; i++)
        if (i == len || b[i] == ' ') {
            if (n == 8) return 0;
            w[n] = b + start;
            wn[n] = i - start;
            n++;
            start = i + 1;
        }
#define IS(k, lit) (wn[k] == (Py_ssize_t)strlen(lit) && memcmp(w[k], lit, strlen(lit)) == 0)
    if (n < 3 || !(IS(0, "A") || IS(0, "F"))) return 0;
    int kind = IS(0, "F"), loc = find_loc(m, w[1], wn[1]);
    if (loc < 0) return 0;
    int f[NFIELDS];
    for (int i = 0; i < NFIELDS; i++) f[i] = -1;
    f[FK_UKIND] = kind;
    f[FK_LOC] = loc;
    f[FK_PROV] = m->prov_of[loc];
    f[FK_VIA] = 0;
    f[FK_CANON] = 1;
    if (IS(2, "-") && (n == 4 || (n == 5 && IS(4, "VIA")))) {
        int dest = find_loc(m, w[3], wn[3]);
        if (dest < 0) return 0;
        f[FK_TYPE] = T_MOVE;
        f[FK_DLOC] = dest;
        f[FK_DPROV] = m->prov_of[dest];
        f[FK_VIA] = n == 5;
    } else if (n == 3) {
        if (!IS(2, "H")) return 0;
        f[FK_TYPE] = T_HOLD;
    } else if (IS(2, "S") && (n == 5 || n == 7) && (IS(3, "A") || IS(3, "F"))) {
        int t = find_loc(m, w[4], wn[4]);
        if (t < 0) return 0;
        f[FK_TKIND] = IS(3, "F");
        f[FK_TLOC] = t;
        f[FK_TPROV] = m->prov_of[t];
        if (n == 5)
            f[FK_TYPE] = T_SUPHOLD;
        else {
            int dest = find_loc(m, w[6], wn[6]);
            if (!IS(5, "-") || dest < 0) return 0;
            f[FK_TYPE] = T_SUPMOVE;
            f[FK_DLOC] = dest;
            f[FK_DPROV] = m->prov_of[dest];
        }
    } else if (IS(2, "C") && n == 7 && IS(3, "A") && IS(5, "-")) {
        int t = find_loc(m, w[4], wn[4]), d = find_loc(m, w[6], wn[6]);
        /* both must be provinces, not coasts */
        if (t < 0 || d < 0 || m->prov_loc[m->prov_of[t]] != t || m->prov_loc[m->prov_of[d]] != d) return 0;
        f[FK_TYPE] = T_CONVOY;
        f[FK_TKIND] = 0;
        f[FK_TLOC] = t;
        f[FK_TPROV] = m->prov_of[t];
        f[FK_DLOC] = d;
        f[FK_DPROV] = m->prov_of[d];
    } else
        return 0;
#undef IS
    for (int i = 0; i < NFIELDS; i++) out[i] = (int16_t)f[i];
    return 1;
}

static int parse_canonical(MapObject *m, PyObject *text, Entry *out) {
    if (!parse_fields(m, text, out->f)) return 0;
    out->canon = text;
    out->why = m->empty;
    Py_INCREF(out->canon);
    Py_INCREF(out->why);
    return 1;
}

/* A unit text in canonical notation (``A PAR``, ``F STP/SC``) read at once: its code (type * L + location), or
 * -1 for any other text (the unit cache and native.read_unit read those).  ``canon_units`` says, per code, that
 * read_unit gives exactly that code, canonical, for the code's own text. */
static int direct_unit(MapObject *m, PyObject *t) {
    if (PyUnicode_KIND(t) != PyUnicode_1BYTE_KIND) return -1;
    Py_ssize_t n = PyUnicode_GET_LENGTH(t);
    const char *b = (const char *)PyUnicode_1BYTE_DATA(t);
    if (n < 3 || (b[0] != 'A' && b[0] != 'F') || b[1] != ' ') return -1;
    int loc = find_loc(m, b + 2, n - 2);
    if (loc < 0) return -1;
    int code = (b[0] == 'F') * m->L + loc;
    return m->canon_units[code] ? code : -1;
}

/* A centre named exactly as the map names it, read at once: its province, or -1 (native.read_center reads the
 * rest: other spellings, texts that are no centre). */
static int direct_center(MapObject *m, PyObject *t) {
    if (PyUnicode_KIND(t) != PyUnicode_1BYTE_KIND) return -1;
    int loc = find_loc(m, (const char *)PyUnicode_1BYTE_DATA(t), PyUnicode_GET_LENGTH(t));
    if (loc < 0) return -1;
    int p = m->prov_of[loc];
    return m->prov_loc[p] == loc && m->is_center[p] ? p : -1;
}

/* The cached reading of ``text``: ``reader(text)`` on a miss, an int (unit, centre) or a tuple (bytes of the
 * order's fields, canonical text, void reason).  NULL with an exception on error; entries stay put until the
 * next call (only growing moves them, never while one is in use). */
static Entry *cache_get(Cache *c, PyObject *reader, PyObject *text, MapObject *orders_of) {
    Py_hash_t h = PyObject_Hash(text);
    if (h == -1) return NULL;
    Entry *e = cache_slot(c, text, h);
    if (e->key != NULL) return e;
    Entry fresh;
    memset(&fresh, 0, sizeof(fresh));
    PyObject *got = NULL;
    if (orders_of != NULL && parse_canonical(orders_of, text, &fresh))
        ;
    else if ((got = PyObject_CallOneArg(reader, text)) == NULL)
        return NULL;
    else if (PyLong_Check(got)) {
        long v = PyLong_AsLong(got);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(got);
            return NULL;
        }
        fresh.f[0] = (int16_t)(v < 0 || (v & ~CANON_BIT) > 32000 ? -1 : (v & ~CANON_BIT));
        fresh.f[1] = (int16_t)(v >= 0 && (v & CANON_BIT));
    } else if (PyTuple_CheckExact(got) && PyTuple_GET_SIZE(got) == 3 && PyBytes_CheckExact(PyTuple_GET_ITEM(got, 0)) &&
               PyBytes_GET_SIZE(PyTuple_GET_ITEM(got, 0)) == (Py_ssize_t)(sizeof(int) * NFIELDS) &&
               PyUnicode_CheckExact(PyTuple_GET_ITEM(got, 1)) && PyUnicode_CheckExact(PyTuple_GET_ITEM(got, 2))) {
        int f[NFIELDS];
        memcpy(f, PyBytes_AS_STRING(PyTuple_GET_ITEM(got, 0)), sizeof(f));
        for (int i = 0; i < NFIELDS; i++) fresh.f[i] = (int16_t)(f[i] < -1 || f[i] > 32000 ? -1 : f[i]);
        if (f[0] < 0 || f[0] > 32000) fresh.f[0] = T_FALLBACK;
        fresh.canon = PyTuple_GET_ITEM(got, 1);
        fresh.why = PyTuple_GET_ITEM(got, 2);
        Py_INCREF(fresh.canon);
        Py_INCREF(fresh.why);
    } else {
        Py_DECREF(got);
        PyErr_SetString(PyExc_TypeError, "a reader must return an int or (bytes, str, str)");
        return NULL;
    }
    Py_XDECREF(got);
    if ((c->used + 1) * 2 > c->mask + 1) {
        if (cache_grow(c) < 0) {
            Py_XDECREF(fresh.canon);
            Py_XDECREF(fresh.why);
            return NULL;
        }
        e = cache_slot(c, text, h);
    }
    Py_INCREF(text);
    fresh.key = text;
    fresh.hash = h;
    *e = fresh;
    c->used++;
    return e;
}

static void Map_dealloc(MapObject *self) {
    PyMem_Free(self->prov_of);
    PyMem_Free(self->ptype);
    PyMem_Free(self->prov_loc);
    PyMem_Free(self->loc_rank);
    PyMem_Free(self->unit_rank);
    PyMem_Free(self->prov_rank);
    PyMem_Free(self->power_rank);
    PyMem_Free(self->coasts);
    PyMem_Free(self->coast_start);
    PyMem_Free(self->homes);
    PyMem_Free(self->home_start);
    PyMem_Free(self->is_center);
    PyMem_Free(self->canon_units);
    PyMem_Free(self->army_adj);
    PyMem_Free(self->fleet_adj);
    PyMem_Free(self->fleet_reach);
    PyMem_Free(self->touches);
    PyMem_Free(self->links);
    PyMem_Free(self->seas);
    PyMem_Free(self->block);
    PyMem_Free(self->ph.void_reason);
    PyMem_Free(self->ph.fleets);
    PyMem_Free(self->ph.utext);
    PyMem_Free(self->ph.ctext);
    if (self->moves_to != NULL)
        for (int i = 0; i < self->L; i++) Py_XDECREF(self->moves_to[i]);
    if (self->supports_text != NULL)
        for (size_t i = 0; i < (size_t)2 * self->L * (self->L + 1); i++) Py_XDECREF(self->supports_text[i]);
    PyMem_Free(self->moves_to);
    PyMem_Free(self->names);
    PyMem_Free(self->name_at);
    PyMem_Free(self->name_table);
    PyMem_Free(self->supports_text);
    Py_XDECREF(self->prov_names);
    Py_XDECREF(self->loc_names);
    Py_XDECREF(self->power_names);
    Py_XDECREF(self->unit_texts);
    Py_XDECREF(self->power_index);
    cache_free(&self->unit_cache);
    cache_free(&self->order_cache);
    cache_free(&self->center_cache);
    Py_XDECREF(self->read_unit);
    Py_XDECREF(self->read_order);
    Py_XDECREF(self->read_center);
    Py_XDECREF(self->empty);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Map_init(MapObject *self, PyObject *args, PyObject *kwds) {
    (void)kwds;
    PyObject *spec;
    if (!PyArg_ParseTuple(args, "O!", &PyDict_Type, &spec)) return -1;
    if (self->prov_of != NULL) {
        PyErr_SetString(PyExc_TypeError, "Map is initialised once");
        return -1;
    }
    PyObject *pn = PyDict_GetItemString(spec, "prov_names"), *ln = PyDict_GetItemString(spec, "loc_names");
    PyObject *wn = PyDict_GetItemString(spec, "power_names");
    if (pn == NULL || ln == NULL || wn == NULL || !PyTuple_Check(pn) || !PyTuple_Check(ln) || !PyTuple_Check(wn)) {
        PyErr_SetString(PyExc_ValueError, "spec needs prov_names, loc_names and power_names as tuples");
        return -1;
    }
    int P = (int)PyTuple_GET_SIZE(pn), L = (int)PyTuple_GET_SIZE(ln), NP = (int)PyTuple_GET_SIZE(wn);
    self->P = P;
    self->L = L;
    self->NPOW = NP;
    self->W = (P + 63) / 64;
    self->WL = (L + 63) / 64;
    int W = self->W, WL = self->WL;
    if (get_ints(spec, "prov_of", L, &self->prov_of) < 0 || get_ints(spec, "ptype", P, &self->ptype) < 0 ||
        get_ints(spec, "prov_loc", P, &self->prov_loc) < 0 || get_ints(spec, "loc_rank", L, &self->loc_rank) < 0 ||
        get_ints(spec, "unit_rank", 2 * L, &self->unit_rank) < 0 ||
        get_ints(spec, "prov_rank", P, &self->prov_rank) < 0 ||
        get_ints(spec, "power_rank", NP, &self->power_rank) < 0 ||
        get_ints(spec, "is_center", P, &self->is_center) < 0 ||
        get_ints(spec, "canon_units", 2 * L, &self->canon_units) < 0 ||
        get_rows(spec, "coasts", P, &self->coasts, &self->coast_start) < 0 ||
        get_rows(spec, "homes", NP, &self->homes, &self->home_start) < 0 ||
        get_bits(spec, "army_adj", P, W, P, &self->army_adj) < 0 ||
        get_bits(spec, "fleet_adj", L, WL, L, &self->fleet_adj) < 0 ||
        get_bits(spec, "fleet_reach", L, W, P, &self->fleet_reach) < 0 ||
        get_bits(spec, "touches", P, W, P, &self->touches) < 0 ||
        get_bits(spec, "links", P, W, P, &self->links) < 0 || get_bits(spec, "seas", 1, W, P, &self->seas) < 0)
        return -1;
    for (int r = 0; r < P + L; r++) { /* the most neighbours of a province or location */
        int n = 0;
        for (int i = 0; i < (r < P ? P : L); i++)
            n += r < P ? (int)HAS(self->army_adj, W, r, i) : (int)HAS(self->fleet_adj, WL, r - P, i);
        if (n > self->maxdeg) self->maxdeg = n;
    }
    for (int i = 0; i < L; i++)
        if (self->prov_of[i] < 0 || self->prov_of[i] >= P) {
            PyErr_SetString(PyExc_ValueError, "prov_of out of range");
            return -1;
        }
    if (!(self->prov_names = get_obj(spec, "prov_names")) || !(self->loc_names = get_obj(spec, "loc_names")) ||
        !(self->power_names = get_obj(spec, "power_names")) || !(self->unit_texts = get_obj(spec, "unit_texts")) ||
        !(self->power_index = get_obj(spec, "power_index")) || !(self->read_unit = get_obj(spec, "read_unit")) ||
        !(self->read_order = get_obj(spec, "read_order")) || !(self->read_center = get_obj(spec, "read_center")))
        return -1;
    if (!PyTuple_Check(self->unit_texts) || PyTuple_GET_SIZE(self->unit_texts) != 2 * L ||
        !PyDict_Check(self->power_index)) {
        PyErr_SetString(PyExc_ValueError, "unit_texts must be a tuple of 2 * L strings, power_index a dict");
        return -1;
    }
    if ((self->empty = PyUnicode_FromString("")) == NULL || build_names(self) < 0) return -1;
    if (cache_init(&self->unit_cache, 256) < 0 || cache_init(&self->order_cache, 4096) < 0 ||
        cache_init(&self->center_cache, 128) < 0)
        return -1;
    /* The phase's int arrays, all in one block: first those reset to -1 for each case, then those reset to 0, then
     * those always written before they are read. */
    Phase *ph = &self->ph;
    int **slots[] = {
        &ph->unat, &ph->mv_dest, &ph->h2h, &ph->into_first, &ph->sm_first, &ph->sh_first, &ph->cv_army,
        &ph->cf_first, &ph->paths, &ph->res, &ph->dislodged_by, /* -1 */
        &ph->otype, &ph->conv, &ph->into_n, &ph->is_sup, &ph->visiting, &ph->cycle_set, &ph->szykman,
        &ph->why_code, &ph->standoff, &ph->arrived, /* 0 */
        &ph->ukind, &ph->uloc, &ph->olist, &ph->mv_loc, &ph->into_last, &ph->into_next, &ph->mv_order,
        &ph->checked, &ph->overland, &ph->supports, &ph->convoys, &ph->sup_t, &ph->sup_aim, &ph->sup_order,
        &ph->sm_last, &ph->sm_next, &ph->sh_last, &ph->sh_next, &ph->cv_order, &ph->cf_last, &ph->cf_next,
        &ph->guess, &ph->cycle, &ph->why_a, &ph->why_n, &ph->after_nat, &ph->after_kind, &ph->after_loc,
        &ph->uidx,
    };
    size_t nslots = sizeof(slots) / sizeof(slots[0]);
    self->nblock = (nslots + NFIELDS) * (size_t)P;
    self->block = PyMem_Calloc(self->nblock + 1, sizeof(int));
    self->ph.void_reason = PyMem_Calloc((size_t)P + 1, sizeof(PyObject *));
    self->ph.fleets = PyMem_Calloc((size_t)W + 1, sizeof(uint64_t));
    self->ph.utext = PyMem_Calloc((size_t)P + 1, sizeof(PyObject *));
    self->ph.ctext = PyMem_Calloc((size_t)P + 1, sizeof(PyObject *));
    self->moves_to = PyMem_Calloc((size_t)L + 1, sizeof(PyObject *));
    self->supports_text = PyMem_Calloc((size_t)2 * L * (L + 1) + 1, sizeof(PyObject *));
    if (self->block == NULL || self->ph.void_reason == NULL || self->ph.fleets == NULL || self->ph.utext == NULL ||
        self->ph.ctext == NULL || self->moves_to == NULL || self->supports_text == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i < nslots; i++) *slots[i] = self->block + i * (size_t)P;
    self->ph.ofield = self->block + nslots * (size_t)P;
    return 0;
}

/* ------------------------------------------------------------------------------------------- the phase */

typedef struct {
    MapObject *m;
    Phase *s;
} Ctx;

#define F(s, p, k) ((s)->ofield[(p) * NFIELDS + (k)])

static void list_add(int *first, int *last, int *next, int head, int item) {
    next[item] = -1;
    if (first[head] < 0)
        first[head] = item;
    else
        next[last[head]] = item;
    last[head] = item;
}

static PyObject *unit_text(MapObject *m, int kind, int loc) { return PyTuple_GET_ITEM(m->unit_texts, kind * m->L + loc); }
static PyObject *prov_name(MapObject *m, int p) { return PyTuple_GET_ITEM(m->prov_names, p); }
static PyObject *loc_name(MapObject *m, int l) { return PyTuple_GET_ITEM(m->loc_names, l); }
static PyObject *board_unit(Ctx *c, int p) { return unit_text(c->m, c->s->ukind[p], c->s->uloc[p]); }

/* _Movement._text: the order of the unit in ``p`` as adjudicated, e.g. ``A MUN - BUR`` (new reference). */
static PyObject *order_text(Ctx *c, int p) {
    if (c->s->mv_dest[p] >= 0)
        return ufmt("%U - %U", board_unit(c, p), loc_name(c->m, c->s->mv_loc[p]));
    PyObject *u = board_unit(c, p);
    Py_INCREF(u);
    return u;
}

/* _route_fleets: mark in ``needed`` the fleets on some chain from ``o`` to ``d`` that no fleet could skip. */
static void route_extend(Ctx *c, const uint64_t *fleets, int o, int d, int *path, int n, int f, uint64_t *needed) {
    MapObject *m = c->m;
    int W = m->W;
    path[n++] = f;
    if (HAS(m->touches, W, f, d)) {
        for (int i = 0; i < n; i++) needed[path[i] >> 6] |= (uint64_t)1 << (path[i] & 63);
        return;
    }
    for (int g = 0; g < m->P; g++) {
        if (!HAS(m->links, W, f, g) || !BIT(fleets, g) || HAS(m->touches, W, g, o)) continue;
        int skip = 0;
        for (int i = 0; i < n && !skip; i++) skip = path[i] == g || (i < n - 1 && HAS(m->links, W, path[i], g));
        if (!skip) route_extend(c, fleets, o, d, path, n, g, needed);
    }
}

static void route_fleets(Ctx *c, const uint64_t *fleets, int o, int d, uint64_t *needed) {
    MapObject *m = c->m;
    int path[256];
    memset(needed, 0, sizeof(uint64_t) * m->W);
    if (m->P > 256) return;
    for (int f = 0; f < m->P; f++)
        if (BIT(fleets, f) && HAS(m->touches, m->W, f, o)) route_extend(c, fleets, o, d, path, 0, f, needed);
}

/* _chain_possible: whether fleets now in seas (whatever their orders) could convoy from ``o`` to ``d``. */
static int chain_possible(Ctx *c, int o, int d, int without) {
    MapObject *m = c->m;
    int W = m->W, P = m->P;
    uint64_t fleets[8], reached[8];
    memcpy(fleets, c->s->fleets, sizeof(uint64_t) * W);
    if (without >= 0) fleets[without >> 6] &= ~((uint64_t)1 << (without & 63));
    int todo[256], n = 0;
    memset(reached, 0, sizeof(uint64_t) * W);
    for (int f = 0; f < P; f++)
        if (BIT(fleets, f) && HAS(m->touches, W, f, o)) {
            reached[f >> 6] |= (uint64_t)1 << (f & 63);
            todo[n++] = f;
        }
    while (n) {
        int f = todo[--n];
        if (HAS(m->touches, W, f, d)) return 1;
        for (int g = 0; g < P; g++)
            if (BIT(fleets, g) && !BIT(reached, g) && HAS(m->links, W, f, g)) {
                reached[g >> 6] |= (uint64_t)1 << (g & 63);
                todo[n++] = g;
            }
    }
    return 0;
}

/* _on_route */
static int on_route(Ctx *c, int fleet, int o, int d) {
    MapObject *m = c->m;
    if (HAS(m->touches, m->W, fleet, o) && HAS(m->touches, m->W, fleet, d)) return 1;
    uint64_t needed[8];
    route_fleets(c, c->s->fleets, o, d, needed);
    return (int)BIT(needed, fleet);
}

/* _check_move: "" (NULL, with *ok = 1) or the reason (new reference). May set mv_dest/mv_loc/conv. */
static PyObject *check_move(Ctx *c, int p, int *ok) {
    MapObject *m = c->m;
    Phase *s = c->s;
    int dest = F(s, p, FK_DLOC), d = F(s, p, FK_DPROV), via = F(s, p, FK_VIA);
    PyObject *unit = board_unit(c, p);
    *ok = 0;
    if (d == p) return ufmt("%U cannot move to its own province", unit);
    if (s->ukind[p] == 1) {
        if (via) return PyUnicode_FromString("only armies can be convoyed");
        int from = s->uloc[p];
        if (m->ptype[d] == PT_LAND) return ufmt("a fleet cannot enter %U (inland)", prov_name(m, d));
        int c0 = m->coast_start[d], c1 = m->coast_start[d + 1];
        if (c1 > c0) {
            if (dest == m->prov_loc[d]) {
                int reach[16], nr = 0;
                for (int i = c0; i < c1 && nr < 16; i++)
                    if (HAS(m->fleet_adj, m->WL, from, m->coasts[i])) reach[nr++] = m->coasts[i];
                if (nr > 1) {
                    PyObject *parts = PyList_New(nr);
                    if (parts == NULL) return NULL;
                    for (int i = 0; i < nr; i++) {
                        PyObject *x = loc_name(m, reach[i]);
                        Py_INCREF(x);
                        PyList_SET_ITEM(parts, i, x);
                    }
                    PyObject *sep = PyUnicode_FromString(" or ");
                    PyObject *joined = sep ? PyUnicode_Join(sep, parts) : NULL;
                    Py_XDECREF(sep);
                    Py_DECREF(parts);
                    if (joined == NULL) return NULL;
                    PyObject *r = ufmt("the coast of %U must be given (%U)", prov_name(m, d), joined);
                    Py_DECREF(joined);
                    return r;
                }
                if (nr) dest = reach[0];
            }
            if (!HAS(m->fleet_adj, m->WL, from, dest)) {
                if (dest != m->prov_loc[d]) return ufmt("%U cannot reach %U", unit, loc_name(m, dest));
                return ufmt("%U is not adjacent to %U", unit, prov_name(m, d));
            }
        } else if (!HAS(m->fleet_adj, m->WL, from, dest))
            return ufmt("%U is not adjacent to %U", unit, prov_name(m, d));
        s->mv_dest[p] = d;
        s->mv_loc[p] = dest;
        *ok = 1;
        return NULL;
    }
    if (m->ptype[d] == PT_SEA) return ufmt("an army cannot enter %U (a sea)", prov_name(m, d));
    if (HAS(m->army_adj, m->W, p, d) && !via) {
        *ok = 1;
        return NULL;
    }
    if (m->ptype[p] != PT_COAST || m->ptype[d] != PT_COAST)
        return ufmt("%U is not adjacent to %U", unit, prov_name(m, d));
    if (!chain_possible(c, p, d, -1))
        return ufmt("no fleets could convoy %U to %U", unit, prov_name(m, d));
    s->mv_dest[p] = d;
    s->mv_loc[p] = m->prov_loc[d];
    s->conv[p] = 1;
    *ok = 1;
    return NULL;
}

/* _check_support */
static PyObject *check_support(Ctx *c, int p, int *ok) {
    MapObject *m = c->m;
    Phase *s = c->s;
    int t = F(s, p, FK_TPROV);
    PyObject *unit = board_unit(c, p);
    *ok = 0;
    if (t == p) return ufmt("%U cannot support itself", unit);
    if (s->unat[t] < 0) return ufmt("no unit in %U to support", prov_name(m, t));
    const uint64_t *reach = s->ukind[p] == 0 ? m->army_adj + (size_t)p * m->W : m->fleet_reach + (size_t)s->uloc[p] * m->W;
    if (F(s, p, FK_TYPE) == T_SUPHOLD) {
        if (BIT(reach, t)) {
            *ok = 1;
            return NULL;
        }
        return ufmt("%U cannot reach %U", unit, prov_name(m, t));
    }
    int d = F(s, p, FK_DPROV), dest = F(s, p, FK_DLOC);
    PyObject *target = board_unit(c, t);
    if (d == p) return ufmt("%U cannot support a move into its own province", unit);
    if (d == t) return ufmt("%U cannot move to its own province", target);
    if (!BIT(reach, d)) return ufmt("%U cannot reach %U", unit, prov_name(m, d));
    int good;
    if (s->ukind[t] == 1)
        good = dest != m->prov_loc[d] ? (int)HAS(m->fleet_adj, m->WL, s->uloc[t], dest)
                                      : (int)HAS(m->fleet_reach, m->W, s->uloc[t], d);
    else
        good = m->ptype[d] != PT_SEA &&
               (HAS(m->army_adj, m->W, t, d) ||
                (m->ptype[t] == PT_COAST && m->ptype[d] == PT_COAST && chain_possible(c, t, d, p)));
    if (good) {
        *ok = 1;
        return NULL;
    }
    return ufmt("%U cannot reach %U", target, loc_name(m, dest));
}

/* _check_convoy */
static PyObject *check_convoy(Ctx *c, int p, int *ok) {
    MapObject *m = c->m;
    Phase *s = c->s;
    PyObject *unit = board_unit(c, p);
    *ok = 0;
    if (s->ukind[p] != 1) return PyUnicode_FromString("only fleets can convoy");
    if (!BIT(m->seas, p)) return ufmt("%U cannot convoy from a coast", unit);
    int t = F(s, p, FK_TPROV), d = F(s, p, FK_DPROV);
    if (s->unat[t] < 0) return ufmt("no army in %U to convoy", prov_name(m, t));
    if (s->ukind[t] != 0) return PyUnicode_FromString("only armies can be convoyed");
    PyObject *army = board_unit(c, t);
    if (d == t) return ufmt("%U cannot be convoyed to its own province", army);
    if (m->ptype[t] != PT_COAST || m->ptype[d] != PT_COAST)
        return ufmt("%U cannot be convoyed to %U", army, prov_name(m, d));
    if (!on_route(c, p, t, d))
        return ufmt("%U is not needed on any convoy route from %U to %U", unit, prov_name(m, t),
                                    prov_name(m, d));
    *ok = 1;
    return NULL;
}

static void add_into(Phase *s, int p, int d) {
    list_add(s->into_first, s->into_last, s->into_next, d, p);
    s->into_n[d]++;
    if (s->mv_dest[d] == p) {
        s->h2h[p] = d;
        s->h2h[d] = p;
    }
}

static void set_move(Phase *s, int p, int d, int loc) {
    s->mv_dest[p] = d;
    s->mv_loc[p] = loc;
}

/* _legalise.  Returns -1 on a Python error, 1 when the Python path must take the case, else 0. */
static int legalise(Ctx *c) {
    MapObject *m = c->m;
    Phase *s = c->s;
    int W = m->W;
    for (int i = 0; i < s->nolist; i++) {
        int p = s->olist[i], t = F(s, p, FK_TYPE), ok;
        PyObject *why;
        if (F(s, p, FK_UKIND) != s->ukind[p] || F(s, p, FK_LOC) != s->uloc[p]) return 1; /* renamed */
        if (t == T_MOVE) {
            int dest = F(s, p, FK_DLOC), d = F(s, p, FK_DPROV);
            if (!F(s, p, FK_VIA) && d != p) {
                if (s->ukind[p] == 0) {
                    if (HAS(m->army_adj, W, p, d)) {
                        set_move(s, p, d, m->prov_loc[d]);
                        s->mv_order[s->nmv++] = p;
                        s->overland[s->noverland++] = p;
                        add_into(s, p, d);
                        continue;
                    }
                } else if (HAS(m->fleet_adj, m->WL, s->uloc[p], dest)) {
                    set_move(s, p, d, dest);
                    s->mv_order[s->nmv++] = p;
                    add_into(s, p, d);
                    continue;
                }
            }
            if (s->ukind[p] == 0 && d != p && !BIT(m->seas, d)) {
                /* sea_between[(p, d)]: a sea touching both, holding a unit */
                int found = 0;
                for (int f = 0; f < m->P && !found; f++)
                    if (BIT(m->seas, f) && HAS(m->touches, W, f, p) && HAS(m->touches, W, f, d) && s->unat[f] >= 0)
                        found = 1;
                if (found) {
                    set_move(s, p, d, m->prov_loc[d]);
                    s->mv_order[s->nmv++] = p;
                    s->conv[p] = 1;
                    s->checked[s->nchecked++] = p;
                    continue;
                }
            }
            why = check_move(c, p, &ok);
            if (!ok) {
                if (why == NULL) return -1;
                s->void_reason[p] = why;
                continue;
            }
            if (s->mv_dest[p] < 0) {
                set_move(s, p, d, m->prov_loc[d]);
                s->overland[s->noverland++] = p;
            }
            s->mv_order[s->nmv++] = p;
            s->checked[s->nchecked++] = p;
        } else if (t == T_HOLD) {
            continue;
        } else if (t == T_SUPHOLD || t == T_SUPMOVE) {
            int tp = F(s, p, FK_TPROV);
            if (s->unat[tp] >= 0 && F(s, p, FK_TKIND) != s->ukind[tp]) return 1; /* renamed */
            why = check_support(c, p, &ok);
            if (!ok) {
                if (why == NULL) return -1;
                s->void_reason[p] = why;
            } else
                s->supports[s->nsupports++] = p;
        } else if (t == T_CONVOY) {
            why = check_convoy(c, p, &ok);
            if (!ok) {
                if (why == NULL) return -1;
                s->void_reason[p] = why;
            } else
                s->convoys[s->nconvoys++] = p;
        } else
            return 1;
    }
    /* Convoy intent of an army moving to a neighbour (DATC 4.A.3). */
    if (s->nconvoys && s->noverland) {
        for (int i = 0; i < s->noverland; i++) {
            int p = s->overland[i];
            for (int j = 0; j < s->nconvoys; j++) {
                int f = s->convoys[j];
                if (s->unat[f] == s->unat[p] && F(s, f, FK_TPROV) == p && F(s, f, FK_DPROV) == s->mv_dest[p]) {
                    s->conv[p] = 1;
                    break;
                }
            }
        }
    }
    for (int i = 0; i < s->nchecked; i++) {
        int p = s->checked[i];
        add_into(s, p, s->mv_dest[p]);
    }
    int anyconv = 0;
    for (int i = 0; i < s->nmv; i++) anyconv |= s->conv[s->mv_order[i]];
    if (anyconv)
        for (int p = 0; p < m->P; p++)
            if (s->h2h[p] >= 0 && (s->conv[p] || s->conv[s->h2h[p]])) {
                /* ``del h2h[p]`` for each key in turn: a pair is dropped from both ends */
                s->h2h[p] = -1;
            }
    for (int i = 0; i < s->nmv; i++) { /* alone into an empty province, over land: settled */
        int p = s->mv_order[i], d = s->mv_dest[p];
        if (s->into_n[d] == 1 && s->unat[d] < 0 && !s->conv[p]) s->res[p] = 1;
    }

    for (int i = 0; i < s->nconvoys; i++) {
        int p = s->convoys[i], a = F(s, p, FK_TPROV), dp = F(s, p, FK_DPROV);
        if (s->mv_dest[a] < 0)
            s->void_reason[p] = ufmt("A %U was not ordered to move to %U", prov_name(m, a), prov_name(m, dp));
        else if (s->mv_dest[a] != dp)
            s->void_reason[p] = ufmt("A %U was ordered to %U, not to %U", prov_name(m, a),
                                                     loc_name(m, s->mv_loc[a]), prov_name(m, dp));
        else if (!s->conv[a])
            s->void_reason[p] = ufmt("A %U - %U goes over land, not by convoy", prov_name(m, a),
                                                     prov_name(m, dp));
        else {
            s->cv_army[p] = a;
            s->cv_order[s->ncv++] = p;
            list_add(s->cf_first, s->cf_last, s->cf_next, a, p);
            if (s->into_first[p] < 0) s->res[p] = 1;
            continue;
        }
        if (s->void_reason[p] == NULL) return -1;
    }
    for (int i = 0; i < s->nsupports; i++) {
        int p = s->supports[i], a = F(s, p, FK_TPROV), aim;
        PyObject *target = board_unit(c, a);
        if (F(s, p, FK_TYPE) == T_SUPHOLD) {
            if (s->mv_dest[a] >= 0) {
                s->void_reason[p] = ufmt("%U was ordered to move to %U, not to hold", target,
                                                         loc_name(m, s->mv_loc[a]));
                if (s->void_reason[p] == NULL) return -1;
                continue;
            }
            aim = -1;
            list_add(s->sh_first, s->sh_last, s->sh_next, a, p);
        } else {
            int dest = F(s, p, FK_DLOC);
            aim = F(s, p, FK_DPROV);
            if (s->mv_dest[a] < 0) {
                s->void_reason[p] = ufmt("%U was not ordered to move to %U", target, prov_name(m, aim));
                if (s->void_reason[p] == NULL) return -1;
                continue;
            }
            if (s->mv_dest[a] != aim || (dest != m->prov_loc[aim] && s->ukind[a] == 1 && s->mv_loc[a] != dest)) {
                s->void_reason[p] = ufmt("%U was ordered to %U, not to %U", target,
                                                         loc_name(m, s->mv_loc[a]), loc_name(m, dest));
                if (s->void_reason[p] == NULL) return -1;
                continue;
            }
            list_add(s->sm_first, s->sm_last, s->sm_next, a, p);
        }
        s->is_sup[p] = 1;
        s->sup_t[p] = a;
        s->sup_aim[p] = aim;
        s->sup_order[s->nsup++] = p;
        if (s->into_first[p] < 0) {
            s->res[p] = 1;
            continue;
        }
        int settled = 1;
        for (int q = s->into_first[p]; q >= 0; q = s->into_next[q]) {
            if (s->unat[q] == s->unat[p]) continue;
            if (q != aim && !s->conv[q]) settled = 0;
            else settled = -1;
            break;
        }
        if (settled >= 0) s->res[p] = settled;
    }
    return 0;
}

/* ----------------------------------------------------------------------------------------- resolution */

static int resolve(Ctx *c, int p);
static int move_ok(Ctx *c, int p);

/* _path */
static int path(Ctx *c, int p) {
    Phase *s = c->s;
    MapObject *m = c->m;
    int W = m->W;
    if (s->paths[p] >= 0) return s->paths[p];
    if (s->cf_first[p] < 0) return 0;
    int fleets[MAXFLEETS], nf = 0;
    for (int f = s->cf_first[p]; f >= 0; f = s->cf_next[f]) {
        if (nf == MAXFLEETS) {
            s->bail = 1;
            return 0;
        }
        fleets[nf++] = f;
    }
    int d = s->mv_dest[p], found = 0;
    int todo[MAXFLEETS], nt = 0, seen[MAXFLEETS];
    memset(seen, 0, sizeof(seen));
    for (int i = 0; i < nf; i++)
        if (HAS(m->touches, W, fleets[i], p) && resolve(c, fleets[i])) {
            todo[nt++] = i;
            seen[i] = 1;
        }
    while (nt) {
        int fi = todo[--nt], f = fleets[fi];
        if (HAS(m->touches, W, f, d)) {
            found = 1;
            break;
        }
        for (int j = 0; j < nf; j++)
            if (!seen[j] && HAS(m->links, W, f, fleets[j]) && resolve(c, fleets[j])) {
                seen[j] = 1;
                todo[nt++] = j;
            }
    }
    int all = 1;
    for (int i = 0; i < nf; i++) all &= s->res[fleets[i]] >= 0;
    if (all) s->paths[p] = found;
    return found;
}

/* _counted over a linked list */
static int counted(Ctx *c, int first, const int *next) {
    int n = 0;
    for (int q = first; q >= 0; q = next[q]) {
        int r = c->s->res[q];
        if (r < 0) r = resolve(c, q);
        if (r) n++;
    }
    return n;
}

static int support_count(Ctx *c, int p) { return 1 + counted(c, c->s->sm_first[p], c->s->sm_next); }

static int hold_strength(Ctx *c, int d) {
    Phase *s = c->s;
    if (s->unat[d] < 0) return 0;
    if (s->mv_dest[d] >= 0) return resolve(c, d) ? 0 : 1;
    return 1 + counted(c, s->sh_first[d], s->sh_next);
}

static int prevent(Ctx *c, int r) {
    Phase *s = c->s;
    if (s->conv[r] && !path(c, r)) return 0;
    int q = s->h2h[r];
    if (q >= 0 && resolve(c, q)) return 0;
    return support_count(c, r);
}

/* _move_ok */
static int move_ok(Ctx *c, int p) {
    Phase *s = c->s;
    if (s->conv[p] && !path(c, p)) {
        s->last_code = W_PREVENTED;
        return 0;
    }
    int d = s->mv_dest[p], occ = s->unat[d] >= 0, a;
    if (!occ && s->into_n[d] == 1) return 1;
    int q = s->h2h[p];
    if (occ && (q >= 0 || s->mv_dest[d] < 0 || !resolve(c, d))) {
        int nation = s->unat[d];
        if (s->unat[p] == nation)
            a = 0;
        else {
            a = 1;
            for (int x = s->sm_first[p]; x >= 0; x = s->sm_next[x])
                if (s->unat[x] != nation) {
                    int r = s->res[x];
                    if (r < 0) r = resolve(c, x);
                    if (r) a++;
                }
        }
    } else
        a = support_count(c, p);
    if (q >= 0) {
        int n = support_count(c, q);
        if (a <= n) {
            s->last_code = a ? W_H2H : W_OWN;
            s->last_a = a;
            s->last_n = n;
            return 0;
        }
    } else if (occ) {
        int n = hold_strength(c, d);
        if (a <= n) {
            s->last_code = a ? W_HOLD : W_OWN;
            s->last_a = a;
            s->last_n = n;
            return 0;
        }
    }
    for (int r = s->into_first[d]; r >= 0; r = s->into_next[r])
        if (r != p && a <= prevent(c, r)) {
            s->last_code = W_PREVENTED;
            return 0;
        }
    return 1;
}

/* _support_ok */
static int support_ok(Ctx *c, int x) {
    Phase *s = c->s;
    int d = s->sup_aim[x], nation = s->unat[x];
    for (int q = s->into_first[x]; q >= 0; q = s->into_next[q]) {
        if (s->unat[q] == nation) continue;
        if (q == d) {
            if (resolve(c, q)) return 0;
        } else if (!s->conv[q] || path(c, q))
            return 0;
    }
    return 1;
}

/* _adjudicate */
static int adjudicate(Ctx *c, int p) {
    Phase *s = c->s;
    if (s->mv_dest[p] >= 0) return move_ok(c, p);
    if (s->is_sup[p]) return support_ok(c, p);
    for (int q = s->into_first[p]; q >= 0; q = s->into_next[q]) {
        int r = s->res[q];
        if (r < 0) r = move_ok(c, q);
        if (r) return 0;
    }
    return 1;
}

static void drop_cycle(Phase *s, int n) {
    for (int i = n; i < s->ncycle; i++) s->cycle_set[s->cycle[i]] = 0;
    s->ncycle = n;
}

static void cycle_push(Phase *s, int p) {
    s->cycle[s->ncycle++] = p;
    s->cycle_set[p] = 1;
}

/* _backup_rule */
static void backup_rule(Phase *s, const int *cyc, int n) {
    int all_moves = 1, any_cv = 0;
    for (int i = 0; i < n; i++) {
        all_moves &= s->mv_dest[cyc[i]] >= 0;
        any_cv |= s->cv_army[cyc[i]] >= 0;
    }
    for (int i = 0; i < n; i++) {
        int q = cyc[i];
        if (all_moves)
            s->res[q] = 1;
        else if (any_cv) {
            if (s->cv_army[q] >= 0) {
                s->res[q] = 0;
                s->szykman[q] = 1;
            }
        } else
            s->res[q] = 0;
    }
}

/* _resolve */
static int resolve(Ctx *c, int p) {
    Phase *s = c->s;
    if (s->res[p] >= 0) return s->res[p];
    if (s->bail) return 0;
    if (s->cycle_set[p]) {
        s->guess_based = 1;
        return s->guess[p];
    }
    if (s->visiting[p]) {
        cycle_push(s, p);
        s->hits++;
        s->guess_based = 1;
        return s->guess[p];
    }
    s->visiting[p] = 1;
    int old_len = s->ncycle, old_gb = s->guess_based, old_hits = s->hits;
    s->guess_based = 0;
    s->guess[p] = 0;
    int is_move = s->mv_dest[p] >= 0;
    int first = is_move ? move_ok(c, p) : adjudicate(c, p);
    if (!s->guess_based) {
        s->guess_based = old_gb;
        s->visiting[p] = 0;
        s->res[p] = first;
        if (is_move && !first) {
            s->why_code[p] = s->last_code;
            s->why_a[p] = s->last_a;
            s->why_n[p] = s->last_n;
        }
        return first;
    }
    if (s->cycle_set[p]) s->hits--;
    if (s->hits != old_hits) {
        if (!s->cycle_set[p]) cycle_push(s, p);
        s->guess[p] = first;
        s->visiting[p] = 0;
        return first;
    }
    int P = c->m->P;
    int *members = PyMem_Malloc(sizeof(int) * (size_t)(P + 1));
    char *inm = PyMem_Calloc((size_t)P + 1, 1);
    if (members == NULL || inm == NULL) {
        PyMem_Free(members);
        PyMem_Free(inm);
        s->bail = 1;
        return 0;
    }
    int nm = 0;
    for (int i = old_len; i < s->ncycle; i++) {
        members[nm++] = s->cycle[i];
        inm[s->cycle[i]] = 1;
    }
    drop_cycle(s, old_len);
    s->guess[p] = 1;
    int second = adjudicate(c, p);
    if (first == second)
        s->res[p] = first;
    else {
        for (int i = old_len; i < s->ncycle; i++)
            if (!inm[s->cycle[i]]) {
                members[nm++] = s->cycle[i];
                inm[s->cycle[i]] = 1;
            }
        if (!inm[p]) members[nm++] = p;
        backup_rule(s, members, nm);
    }
    PyMem_Free(members);
    PyMem_Free(inm);
    drop_cycle(s, old_len);
    s->hits = old_hits;
    s->guess_based = old_gb;
    s->visiting[p] = 0;
    return first == second ? first : resolve(c, p);
}

/* ---------------------------------------------------------------------------------------------- reasons */

static PyObject *join_units(Ctx *c, const int *ps, int n, const char *sep_text) {
    PyObject *parts = PyList_New(n);
    if (parts == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *u = board_unit(c, ps[i]);
        Py_INCREF(u);
        PyList_SET_ITEM(parts, i, u);
    }
    PyObject *sep = PyUnicode_FromString(sep_text);
    PyObject *r = sep ? PyUnicode_Join(sep, parts) : NULL;
    Py_XDECREF(sep);
    Py_DECREF(parts);
    return r;
}

/* _why_no_path */
static PyObject *why_no_path(Ctx *c, int p) {
    Phase *s = c->s;
    int fl[MAXFLEETS], nf = 0, sel[MAXFLEETS], ns = 0;
    for (int f = s->cf_first[p]; f >= 0 && nf < MAXFLEETS; f = s->cf_next[f]) fl[nf++] = f;
    if (!nf) return PyUnicode_FromString("no fleet convoys it");
    for (int i = 0; i < nf; i++)
        if (s->szykman[fl[i]]) sel[ns++] = fl[i];
    if (ns) {
        PyObject *names = join_units(c, sel, ns, ", ");
        if (names == NULL) return NULL;
        PyObject *r = ufmt(
            "convoy paradox: by the Szykman rule the convoy of %U fails, so the army stays", names);
        Py_DECREF(names);
        return r;
    }
    for (int i = 0; i < nf; i++)
        if (!s->res[fl[i]]) sel[ns++] = fl[i];
    if (ns) {
        PyObject *names = join_units(c, sel, ns, ", ");
        if (names == NULL) return NULL;
        PyObject *r = ufmt("convoy disrupted: %U dislodged", names);
        Py_DECREF(names);
        return r;
    }
    return PyUnicode_FromString("no chain of convoying fleets reaches the destination");
}

/* _why_move_failed */
static PyObject *why_move_failed(Ctx *c, int p) {
    Phase *s = c->s;
    if (s->conv[p] && !path(c, p)) return why_no_path(c, p);
    int d = s->mv_dest[p], occ = s->unat[d] >= 0, a;
    if (!occ || (s->h2h[p] < 0 && s->mv_dest[d] >= 0 && s->res[d])) {
        a = 1;
        for (int x = s->sm_first[p]; x >= 0; x = s->sm_next[x]) a += s->res[x] == 1;
    } else if (s->unat[p] == s->unat[d])
        a = 0;
    else {
        a = 1;
        for (int x = s->sm_first[p]; x >= 0; x = s->sm_next[x]) a += s->res[x] == 1 && s->unat[x] != s->unat[d];
    }
    if (a == 0 && occ) return ufmt("cannot dislodge %U, a unit of its own side", board_unit(c, d));
    int q = s->h2h[p];
    if (q >= 0) {
        int n = support_count(c, q);
        if (a <= n) {
            PyObject *t = order_text(c, q);
            if (t == NULL) return NULL;
            PyObject *r = ufmt("%s %U, %d against %d", a == n ? "bounced with" : "beaten head-to-head by",
                                               t, a, n);
            Py_DECREF(t);
            return r;
        }
    } else if (occ) {
        int n = hold_strength(c, d);
        if (a <= n) return ufmt("bounced off %U, %d against %d", board_unit(c, d), a, n);
    }
    PyObject *texts = PyList_New(0);
    if (texts == NULL) return NULL;
    int most = 0;
    for (int r = s->into_first[d]; r >= 0; r = s->into_next[r]) {
        if (r == p) continue;
        int n = prevent(c, r);
        if (a <= n) {
            PyObject *t = order_text(c, r);
            if (t == NULL || PyList_Append(texts, t) < 0) {
                Py_XDECREF(t);
                Py_DECREF(texts);
                return NULL;
            }
            Py_DECREF(t);
            if (n > most) most = n;
        }
    }
    PyObject *sep = PyUnicode_FromString(" and ");
    PyObject *joined = sep ? PyUnicode_Join(sep, texts) : NULL;
    Py_XDECREF(sep);
    Py_DECREF(texts);
    if (joined == NULL) return NULL;
    PyObject *r = ufmt("bounced with %U, %d against %d", joined, a, most);
    Py_DECREF(joined);
    return r;
}

/* "; dislodged by ..." appended to ``text`` (stolen) when the unit in ``p`` was dislodged. */
static PyObject *with_tail(Ctx *c, PyObject *text, int p) {
    if (text == NULL || c->s->dislodged_by[p] < 0) return text;
    PyObject *by = order_text(c, c->s->dislodged_by[p]);
    if (by == NULL) {
        Py_DECREF(text);
        return NULL;
    }
    PyObject *r = ufmt("%U; dislodged by %U", text, by);
    Py_DECREF(by);
    Py_DECREF(text);
    return r;
}

static PyObject *dislodged_by_text(Ctx *c, const char *fmt, int p) {
    PyObject *by = order_text(c, c->s->dislodged_by[p]);
    if (by == NULL) return NULL;
    PyObject *r = ufmt(fmt, by);
    Py_DECREF(by);
    return r;
}

/* "moves to X" (new reference), made once per location. */
static PyObject *moves_to(MapObject *m, int loc) {
    if (m->moves_to[loc] == NULL && (m->moves_to[loc] = ufmt("moves to %U", loc_name(m, loc))) == NULL)
        return NULL;
    Py_INCREF(m->moves_to[loc]);
    return m->moves_to[loc];
}

/* "supports A X" / "supports A X - Y" for the unit in ``t`` (new reference), made once per unit and move. */
static PyObject *supports_text(Ctx *c, int t) {
    MapObject *m = c->m;
    int mv = c->s->mv_dest[t] >= 0 ? c->s->mv_loc[t] : m->L;
    size_t i = (size_t)(c->s->ukind[t] * m->L + c->s->uloc[t]) * (m->L + 1) + mv;
    if (m->supports_text[i] == NULL) {
        PyObject *u = order_text(c, t);
        if (u == NULL) return NULL;
        m->supports_text[i] = ufmt("supports %U", u);
        Py_DECREF(u);
        if (m->supports_text[i] == NULL) return NULL;
    }
    Py_INCREF(m->supports_text[i]);
    return m->supports_text[i];
}

/* result_of: (result, reason) for the unit ordered in ``p``; the reason is a new reference. */
static PyObject *result_of(Ctx *c, int p, PyObject **result) {
    Phase *s = c->s;
    MapObject *m = c->m;
    int d = s->mv_dest[p], by = s->dislodged_by[p];
    if (d >= 0) {
        if (s->res[p]) {
            *result = S_SUCCEEDS;
            const char *how = s->conv[p] ? " by convoy" : "";
            if (s->dislodged_by[d] == p)
                return ufmt("moves to %U%s, dislodging %U", loc_name(m, s->mv_loc[p]), how,
                                            board_unit(c, d));
            if (!s->conv[p]) return moves_to(m, s->mv_loc[p]);
            return ufmt("moves to %U%s", loc_name(m, s->mv_loc[p]), how);
        }
        *result = S_FAILS;
        return with_tail(c, why_move_failed(c, p), p);
    }
    if (s->is_sup[p]) {
        int target = s->sup_t[p], aim = s->sup_aim[p];
        if (s->res[p]) {
            *result = S_SUCCEEDS;
            return supports_text(c, target);
        }
        *result = S_FAILS;
        if (by >= 0) return dislodged_by_text(c, "support cut: dislodged by %U", p);
        int nation = s->unat[p];
        for (int q = s->into_first[p]; q >= 0; q = s->into_next[q])
            if (q != aim && s->unat[q] != nation && (!s->conv[q] || path(c, q))) {
                PyObject *t = order_text(c, q);
                if (t == NULL) return NULL;
                PyObject *r = ufmt("support cut by %U", t);
                Py_DECREF(t);
                return r;
            }
        return PyUnicode_FromString("fails: part of a paradox that the backup rule settles against it");
    }
    int army = s->cv_army[p];
    if (army < 0) {
        if (s->void_reason[p] != NULL) {
            *result = S_VOID;
            return with_tail(c, ufmt("void: %U", s->void_reason[p]), p);
        }
        if (by >= 0) {
            *result = S_FAILS;
            return dislodged_by_text(c, "dislodged by %U", p);
        }
        *result = S_SUCCEEDS;
        Py_INCREF(S_HOLDS);
        return S_HOLDS;
    }
    *result = S_FAILS;
    if (by >= 0) return dislodged_by_text(c, "dislodged by %U", p);
    if (s->szykman[p]) return PyUnicode_FromString("convoy paradox: by the Szykman rule this convoy fails");
    if (!path(c, army)) return why_no_path(c, army);
    *result = S_SUCCEEDS;
    PyObject *t = order_text(c, army);
    if (t == NULL) return NULL;
    PyObject *r = ufmt("convoys %U", t);
    Py_DECREF(t);
    return r;
}

/* table(): the common cases read at once, the rest through result_of. */
static PyObject *table_entry(Ctx *c, int p, PyObject **result) {
    Phase *s = c->s;
    int d = s->mv_dest[p];
    if (d >= 0) {
        if (s->res[p]) return result_of(c, p, result);
        if (s->why_code[p] > 0) {
            PyObject *text;
            int a = s->why_a[p], n = s->why_n[p];
            if (s->why_code[p] == W_HOLD)
                text = ufmt("bounced off %U, %d against %d", board_unit(c, d), a, n);
            else if (s->why_code[p] == W_H2H) {
                int q = s->h2h[p];
                text = ufmt("%s %U - %U, %d against %d", a == n ? "bounced with" : "beaten head-to-head by",
                                            board_unit(c, q), loc_name(c->m, s->mv_loc[q]), a, n);
            } else
                text = ufmt("cannot dislodge %U, a unit of its own side", board_unit(c, d));
            *result = S_FAILS;
            return with_tail(c, text, p);
        }
        return result_of(c, p, result);
    }
    if (!s->is_sup[p] && s->cv_army[p] < 0 && s->void_reason[p] == NULL && s->dislodged_by[p] < 0) {
        *result = S_SUCCEEDS;
        Py_INCREF(S_HOLDS);
        return S_HOLDS;
    }
    return result_of(c, p, result);
}

/* ---------------------------------------------------------------------------------------------- entry */

static void reset_phase(MapObject *m) {
    Phase *s = &m->ph;
    int P = m->P;
    for (int p = 0; p < P; p++) Py_CLEAR(s->void_reason[p]);
    memset(m->block, 0xff, sizeof(int) * RESET_MINUS * (size_t)P);
    memset(m->block + RESET_MINUS * (size_t)P, 0, sizeof(int) * RESET_ZERO * (size_t)P);
    s->nolist = s->nmv = s->nchecked = s->noverland = s->nsupports = s->nconvoys = s->nsup = s->ncv = 0;
    s->ncycle = s->hits = s->guess_based = s->bail = 0;
    s->last_code = W_PREVENTED;
    s->last_a = s->last_n = 0;
    memset(s->fleets, 0, sizeof(uint64_t) * m->W);
    memset(s->utext, 0, sizeof(PyObject *) * P);
    memset(s->ctext, 0, sizeof(PyObject *) * P);
}

static int power_of(MapObject *m, PyObject *key) {
    if (!PyUnicode_CheckExact(key)) return -1;
    PyObject *v = PyDict_GetItemWithError(m->power_index, key);
    if (v == NULL) return -1;
    return (int)PyLong_AsLong(v);
}

typedef struct {
    int f[NFIELDS];
    PyObject *canon, *why; /* borrowed from the order cache (not emptied during a call) */
} OrderRef;

typedef struct {
    PyObject *power; /* key in the case's orders */
    int pw;
    PyObject *list; /* the case's list */
} PowerOrders;

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(x) __builtin_prefetch(x)
#else
#define PREFETCH(x) ((void)(x))
#endif

/* Ask for the memory a case will be read from, in a few passes (the lists, their items, the texts) so that the
 * reads overlap rather than wait for each other: a phase is answered in a few microseconds, and when the caches
 * are cold (another program ran in between) waiting dominates. */
static void prefetch_case(PyObject *units_in, PyObject *centers_in, PyObject *orders_in) {
    PyObject *dicts[3] = {units_in, centers_in, orders_in};
    for (int pass = 0; pass < 3; pass++)
        for (int d = 0; d < 3; d++) {
            if (dicts[d] == NULL) continue;
            Py_ssize_t pos = 0;
            PyObject *k, *lst;
            while (PyDict_Next(dicts[d], &pos, &k, &lst)) {
                if (pass == 0) {
                    PREFETCH(lst);
                    continue;
                }
                if (!PyList_CheckExact(lst)) continue;
                PyObject **items = ((PyListObject *)lst)->ob_item;
                Py_ssize_t n = PyList_GET_SIZE(lst);
                if (pass == 1)
                    for (Py_ssize_t i = 0; i < n; i += 8) PREFETCH(items + i);
                else
                    for (Py_ssize_t i = 0; i < n; i++) PREFETCH(items[i]);
            }
        }
}

/* resolver._Movement: check the orders, resolve every decision (in the order of the moves, supports, convoys as
 * listed), then run()'s board after the phase, who was dislodged and, when some unit was, the standoffs.
 * -1 on a Python error, 1 when the Python path must take the phase, else 0 (``*any_dislodged`` set). */
static int adjudicate_phase(Ctx *c, int *any_dislodged) {
    Phase *s = c->s;
    int P = c->m->P;
    int r = legalise(c);
    if (r != 0) return r;
    for (int i = 0; i < s->nmv; i++)
        if (s->res[s->mv_order[i]] < 0) resolve(c, s->mv_order[i]);
    for (int i = 0; i < s->nsup; i++)
        if (s->res[s->sup_order[i]] < 0) resolve(c, s->sup_order[i]);
    for (int i = 0; i < s->ncv; i++)
        if (s->res[s->cv_order[i]] < 0) resolve(c, s->cv_order[i]);
    if (s->bail) return 1;

    memcpy(s->after_nat, s->unat, sizeof(int) * (size_t)P);
    memcpy(s->after_kind, s->ukind, sizeof(int) * (size_t)P);
    memcpy(s->after_loc, s->uloc, sizeof(int) * (size_t)P);
    for (int i = 0; i < s->nmv; i++) {
        int p = s->mv_order[i];
        if (s->res[p]) s->after_nat[p] = -1;
    }
    int any = 0;
    for (int i = 0; i < s->nmv; i++) {
        int p = s->mv_order[i];
        if (s->res[p] && s->after_nat[s->mv_dest[p]] >= 0) {
            s->dislodged_by[s->mv_dest[p]] = p;
            any = 1;
        }
    }
    for (int i = 0; i < s->nmv; i++) {
        int p = s->mv_order[i];
        if (!s->res[p]) continue;
        int d = s->mv_dest[p];
        s->after_nat[d] = s->unat[p];
        s->after_kind[d] = s->ukind[p];
        s->after_loc[d] = s->mv_loc[p];
        s->arrived[d] = 1;
    }
    if (any) /* standoffs */
        for (int d = 0; d < P; d++) {
            if (s->into_first[d] < 0 || s->after_nat[d] >= 0) continue;
            for (int q = s->into_first[d]; q >= 0; q = s->into_next[q])
                if (prevent(c, q)) {
                    s->standoff[d] = 1;
                    break;
                }
        }
    if (s->bail) return 1;
    *any_dislodged = any;
    return 0;
}

/* resolver._retreats: the locations the unit dislodged from ``p`` may retreat to, into ``locs`` (at most 64),
 * sorted by name; returns how many. */
static int retreat_options(Ctx *c, int p, int *locs, int *keys) {
    MapObject *m = c->m;
    Phase *s = c->s;
    int P = m->P, by = s->dislodged_by[p], n = 0;
    int barred = s->conv[by] ? -1 : by; /* not to the attacker's province, unless it came by convoy */
    if (s->ukind[p] == 0) {
        for (int q = 0; q < P && n < 64; q++)
            if (HAS(m->army_adj, m->W, p, q) && q != barred && s->after_nat[q] < 0 && !s->standoff[q])
                locs[n++] = m->prov_loc[q];
    } else {
        for (int l = 0; l < m->L && n < 64; l++) {
            int q = m->prov_of[l];
            if (HAS(m->fleet_adj, m->WL, s->uloc[p], l) && q != barred && s->after_nat[q] < 0 && !s->standoff[q])
                locs[n++] = l;
        }
    }
    for (int i = 0; i < n; i++) keys[i] = m->loc_rank[locs[i]] * 65536 + locs[i];
    isort(keys, n);
    for (int i = 0; i < n; i++) locs[i] = keys[i] & 0xffff;
    return n;
}

static PyObject *power_key(MapObject *m, PyObject **key_of, int pw) {
    return key_of[pw] != NULL ? key_of[pw] : PyTuple_GET_ITEM(m->power_names, pw);
}

static PyObject *movement_of(MapObject *m, PyObject *case_id, PyObject *units_in, PyObject *centers_in,
                             PyObject *orders_in, int fall, int year) {
    if (m->busy || m->P > 256 || m->NPOW > 64 || m->L > 1024 || m->maxdeg > 60) Py_RETURN_NONE;
    if (units_in == Py_None) units_in = NULL;
    if (centers_in == Py_None) centers_in = NULL;
    if (orders_in == Py_None) orders_in = NULL;
    if ((units_in && !PyDict_CheckExact(units_in)) || (centers_in && !PyDict_CheckExact(centers_in)) ||
        (orders_in && !PyDict_CheckExact(orders_in)))
        Py_RETURN_NONE;
    if (m->order_cache.used > CACHE_MAX) cache_clear(&m->order_cache);
    if (m->unit_cache.used > CACHE_MAX) cache_clear(&m->unit_cache);
    if (m->center_cache.used > CACHE_MAX) cache_clear(&m->center_cache);
    m->busy = 1;
    prefetch_case(units_in, centers_in, orders_in);
    reset_phase(m);
    Phase *s = &m->ph;
    Ctx ctx = {m, s};
    Ctx *c = &ctx;
    int P = m->P, NP = m->NPOW;
    PyObject *answer = NULL;
    int handled = 0; /* 1: answer built; 0: fall back (return None) */
    int *owner = NULL, *ctext_owner = NULL, *scratch = NULL, *keys = NULL, *has_units = NULL;
    PowerOrders *po = NULL;
    OrderRef *entries = NULL; /* per order of the case, its reading */
    Py_ssize_t nentries = 0, cap = 0;
    int npo = 0;
    PyObject *key_of[64] = {NULL}; /* by power: its key in the case's units or centres (borrowed) */

    owner = PyMem_Malloc(sizeof(int) * (size_t)P);
    ctext_owner = PyMem_Malloc(sizeof(int) * (size_t)P);
    scratch = PyMem_Malloc(sizeof(int) * (size_t)(2 * P + 2 * m->L + 8));
    keys = PyMem_Malloc(sizeof(int) * (size_t)(2 * P + 2 * m->L + 8));
    has_units = PyMem_Calloc((size_t)NP + 1, sizeof(int));
    if (!owner || !ctext_owner || !scratch || !keys || !has_units) {
        PyErr_NoMemory();
        goto error;
    }
    for (int p = 0; p < P; p++) owner[p] = -1;

    /* Units. */
    if (units_in) {
        Py_ssize_t pos = 0;
        PyObject *key, *lst;
        while (PyDict_Next(units_in, &pos, &key, &lst)) {
            int pw = power_of(m, key);
            if (pw < 0) {
                if (PyErr_Occurred()) goto error;
                goto fallback;
            }
            if (!PyList_CheckExact(lst)) goto fallback;
            has_units[pw] = 1;
            key_of[pw] = key; /* the case's own key: already read, and the one Python would use */
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(lst); i++) {
                PyObject *t = PyList_GET_ITEM(lst, i);
                if (!PyUnicode_CheckExact(t)) goto fallback;
                int v = direct_unit(m, t), canonical = 1;
                if (v < 0) {
                    Entry *got = cache_get(&m->unit_cache, m->read_unit, t, NULL);
                    if (got == NULL) goto error;
                    v = got->f[0];
                    canonical = got->f[1];
                }
                if (v < 0 || v >= 2 * m->L) goto fallback;
                int kind = (int)(v / m->L), loc = (int)(v % m->L), p = m->prov_of[loc];
                if (s->unat[p] >= 0) goto fallback;
                s->unat[p] = pw;
                s->ukind[p] = kind;
                s->uloc[p] = loc;
                s->utext[p] = canonical ? t : NULL;
                if (kind == 1 && BIT(m->seas, p)) s->fleets[p >> 6] |= (uint64_t)1 << (p & 63);
            }
        }
    }
    /* Centres. */
    if (centers_in) {
        Py_ssize_t pos = 0;
        PyObject *key, *lst;
        while (PyDict_Next(centers_in, &pos, &key, &lst)) {
            int pw = power_of(m, key);
            if (pw < 0) {
                if (PyErr_Occurred()) goto error;
                goto fallback;
            }
            if (!PyList_CheckExact(lst)) goto fallback;
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(lst); i++) {
                PyObject *t = PyList_GET_ITEM(lst, i);
                if (!PyUnicode_CheckExact(t)) goto fallback;
                int v = direct_center(m, t), canonical = 1;
                if (v < 0) {
                    Entry *got = cache_get(&m->center_cache, m->read_center, t, NULL);
                    if (got == NULL) goto error;
                    v = got->f[0];
                    canonical = got->f[1];
                }
                if (v < 0 || v >= P || owner[v] >= 0) goto fallback;
                owner[v] = pw;
                if (key_of[pw] == NULL) key_of[pw] = key;
                s->ctext[v] = canonical ? t : NULL;
            }
        }
    }
    /* Orders: read, and claimed (contract._movement: the owner's first order to each unit). */
    if (orders_in) {
        Py_ssize_t n = PyDict_GET_SIZE(orders_in);
        po = PyMem_Calloc((size_t)n + 1, sizeof(PowerOrders));
        if (po == NULL) {
            PyErr_NoMemory();
            goto error;
        }
        Py_ssize_t pos = 0;
        PyObject *key, *lst;
        while (PyDict_Next(orders_in, &pos, &key, &lst)) {
            int pw = power_of(m, key);
            if (pw < 0) {
                if (PyErr_Occurred()) goto error;
                goto fallback;
            }
            if (!PyList_CheckExact(lst)) goto fallback;
            po[npo].power = key;
            po[npo].pw = pw;
            po[npo].list = lst;
            npo++;
            Py_ssize_t k = PyList_GET_SIZE(lst);
            if (nentries + k > cap) {
                Py_ssize_t ncap = (nentries + k) * 2 + 16;
                OrderRef *ne = PyMem_Realloc(entries, sizeof(OrderRef) * (size_t)ncap);
                if (ne == NULL) {
                    PyErr_NoMemory();
                    goto error;
                }
                entries = ne;
                cap = ncap;
            }
            for (Py_ssize_t i = 0; i < k; i++) {
                PyObject *t = PyList_GET_ITEM(lst, i);
                if (!PyUnicode_CheckExact(t)) goto fallback;
                OrderRef *ref = &entries[nentries++];
                int *f = ref->f;
                int16_t direct[NFIELDS];
                if (parse_fields(m, t, direct)) { /* canonical notation, read here (what the cache would hold) */
                    ref->canon = t;
                    ref->why = m->empty;
                    for (int x = 0; x < NFIELDS; x++) f[x] = direct[x];
                } else {
                    Entry *got = cache_get(&m->order_cache, m->read_order, t, m);
                    if (got == NULL || got->canon == NULL) {
                        if (got == NULL) goto error;
                        goto fallback;
                    }
                    ref->canon = got->canon;
                    ref->why = got->why;
                    for (int x = 0; x < NFIELDS; x++) f[x] = got->f[x];
                }
                if (f[FK_TYPE] == T_FALLBACK) goto fallback;
                if (f[FK_TYPE] == T_UNREADABLE || f[FK_TYPE] == T_WAIVE) continue;
                int p = f[FK_PROV];
                if (p < 0 || p >= P) goto fallback;
                if (s->unat[p] < 0 || s->unat[p] != pw) continue; /* void: read again below */
                if (s->otype[p]) goto fallback;                 /* several orders to one unit */
                s->otype[p] = f[FK_TYPE];
                memcpy(&F(s, p, 0), f, sizeof(int) * NFIELDS);
                s->olist[s->nolist++] = p;
            }
        }
    }

    int any_dislodged = 0;
    {
        int r = adjudicate_phase(c, &any_dislodged);
        if (r < 0) goto error;
        if (r > 0) goto fallback;
    }

    answer = PyDict_New();
    if (answer == NULL || PyDict_SetItem(answer, K_ID, case_id) < 0) goto error;

    /* units: per power of the case's units, sorted, when it has any. */
    {
        PyObject *out = PyDict_New();
        if (out == NULL || PyDict_SetItem(answer, K_UNITS, out) < 0) {
            Py_XDECREF(out);
            goto error;
        }
        Py_DECREF(out);
        int order[64], no = 0;
        for (int pw = 0; pw < NP && no < 64; pw++)
            if (has_units[pw]) order[no++] = m->power_rank[pw] * 65536 + pw;
        isort(order, no);
        for (int k = 0; k < no; k++) {
            int pw = order[k] & 0xffff, n = 0;
            for (int p = 0; p < P; p++)
                if (s->after_nat[p] == pw) scratch[n++] = p;
            if (!n) continue;
            for (int i = 0; i < n; i++) {
                int p = scratch[i];
                keys[i] = m->unit_rank[s->after_kind[p] * m->L + s->after_loc[p]] * 65536 + p;
            }
            isort(keys, n);
            PyObject *lst = PyList_New(n);
            for (int i = 0; lst != NULL && i < n; i++) {
                int p = keys[i] & 0xffff;
                /* a unit that stayed keeps the case's own text when that is canonical */
                PyObject *x = !s->arrived[p] && s->utext[p] ? s->utext[p] : unit_text(m, s->after_kind[p], s->after_loc[p]);
                Py_INCREF(x);
                PyList_SET_ITEM(lst, i, x);
            }
            if (lst == NULL || PyDict_SetItem(out, power_key(m, key_of, pw), lst) < 0) {
                Py_XDECREF(lst);
                goto error;
            }
            Py_DECREF(lst);
        }
    }
    /* dislodged, with retreat options */
    int can_retreat = 0;
    {
        PyObject *out = PyDict_New();
        if (out == NULL || PyDict_SetItem(answer, K_DISLODGED, out) < 0) {
            Py_XDECREF(out);
            goto error;
        }
        Py_DECREF(out);
        if (any_dislodged) {
            int order[64], no = 0;
            for (int pw = 0; pw < NP && no < 64; pw++) order[no++] = m->power_rank[pw] * 65536 + pw;
            isort(order, no);
            for (int k = 0; k < no; k++) {
                int pw = order[k] & 0xffff, n = 0;
                for (int p = 0; p < P; p++)
                    if (s->dislodged_by[p] >= 0 && s->unat[p] == pw) scratch[n++] = p;
                if (!n) continue;
                if (n > 64) goto fallback;
                /* by unit text */
                for (int i = 0; i < n; i++)
                    keys[i] = m->unit_rank[s->ukind[scratch[i]] * m->L + s->uloc[scratch[i]]] * 65536 + scratch[i];
                isort(keys, n);
                PyObject *mine = PyDict_New();
                if (mine == NULL || PyDict_SetItem(out, power_key(m, key_of, pw), mine) < 0) {
                    Py_XDECREF(mine);
                    goto error;
                }
                Py_DECREF(mine);
                int dis[64];
                for (int i = 0; i < n; i++) dis[i] = keys[i] & 0xffff;
                for (int i = 0; i < n; i++) {
                    int p = dis[i], locs[64];
                    int no2 = retreat_options(c, p, locs, scratch + P);
                    can_retreat |= no2 > 0;
                    PyObject *opts = PyList_New(no2);
                    for (int j = 0; opts != NULL && j < no2; j++) {
                        PyObject *x = loc_name(m, locs[j]);
                        Py_INCREF(x);
                        PyList_SET_ITEM(opts, j, x);
                    }
                    if (opts == NULL || PyDict_SetItem(mine, board_unit(c, p), opts) < 0) {
                        Py_XDECREF(opts);
                        goto error;
                    }
                    Py_DECREF(opts);
                }
            }
        }
    }
    /* centres, and the next phase */
    for (int p = 0; p < P; p++) ctext_owner[p] = owner[p];
    PyObject *next;
    if (can_retreat)
        next = ufmt("%c%dR", fall ? 'F' : 'S', year);
    else if (!fall)
        next = ufmt("F%dM", year);
    else {
        for (int p = 0; p < P; p++)
            if (s->after_nat[p] >= 0 && m->is_center[p]) owner[p] = s->after_nat[p];
        int needs = 0;
        for (int pw = 0; pw < NP && !needs; pw++) {
            int cs = 0, us = 0;
            for (int p = 0; p < P; p++) {
                cs += owner[p] == pw;
                us += s->after_nat[p] == pw;
            }
            if (cs < us)
                needs = 1;
            else if (cs > us)
                for (int i = m->home_start[pw]; i < m->home_start[pw + 1]; i++) {
                    int h = m->homes[i];
                    if (s->after_nat[h] < 0 && owner[h] == pw) needs = 1;
                }
        }
        next = needs ? ufmt("W%dA", year) : ufmt("S%dM", year + 1);
    }
    if (next == NULL) goto error;
    {
        PyObject *out = PyDict_New();
        if (out == NULL || PyDict_SetItem(answer, K_CENTERS, out) < 0) {
            Py_XDECREF(out);
            Py_DECREF(next);
            goto error;
        }
        Py_DECREF(out);
        int order[64], no = 0;
        for (int pw = 0; pw < NP && no < 64; pw++) order[no++] = m->power_rank[pw] * 65536 + pw;
        isort(order, no);
        for (int k = 0; k < no; k++) {
            int pw = order[k] & 0xffff, n = 0;
            for (int p = 0; p < P; p++)
                if (owner[p] == pw) scratch[n++] = p;
            if (!n) continue;
            for (int i = 0; i < n; i++) keys[i] = m->prov_rank[scratch[i]] * 65536 + scratch[i];
            isort(keys, n);
            PyObject *lst = PyList_New(n);
            for (int i = 0; lst != NULL && i < n; i++) {
                int p = keys[i] & 0xffff;
                PyObject *x = s->ctext[p] && ctext_owner[p] == pw ? s->ctext[p] : prov_name(m, p);
                Py_INCREF(x);
                PyList_SET_ITEM(lst, i, x);
            }
            if (lst == NULL || PyDict_SetItem(out, power_key(m, key_of, pw), lst) < 0) {
                Py_XDECREF(lst);
                Py_DECREF(next);
                goto error;
            }
            Py_DECREF(lst);
        }
    }
    /* results: per power of the case's orders, sorted, in the order given. */
    {
        PyObject *out = PyDict_New();
        if (out == NULL || PyDict_SetItem(answer, K_RESULTS, out) < 0) {
            Py_XDECREF(out);
            Py_DECREF(next);
            goto error;
        }
        Py_DECREF(out);
        int order[64], no = 0;
        Py_ssize_t base[64];
        Py_ssize_t b = 0;
        for (int k = 0; k < npo && k < 64; k++) {
            base[k] = b;
            b += PyList_GET_SIZE(po[k].list);
            order[no++] = m->power_rank[po[k].pw] * 65536 + k;
        }
        isort(order, no);
        for (int k = 0; k < no; k++) {
            int j = order[k] & 0xffff, pw = po[j].pw;
            Py_ssize_t n = PyList_GET_SIZE(po[j].list);
            PyObject *lst = PyList_New(n);
            if (lst == NULL || PyDict_SetItem(out, po[j].power, lst) < 0) {
                Py_XDECREF(lst);
                Py_DECREF(next);
                goto error;
            }
            Py_DECREF(lst);
            for (Py_ssize_t i = 0; i < n; i++) {
                OrderRef *e = &entries[base[j] + i];
                const int *f = e->f;
                PyObject *canon = f[FK_CANON] == 1 ? PyList_GET_ITEM(po[j].list, i) : e->canon;
                PyObject *result, *reason;
                if (f[FK_TYPE] == T_UNREADABLE || f[FK_TYPE] == T_WAIVE) {
                    result = S_VOID;
                    reason = ufmt("void: %U", e->why);
                } else {
                    int p = f[FK_PROV];
                    if (s->unat[p] < 0) {
                        result = S_VOID;
                        reason = ufmt("void: no unit in %U", prov_name(m, p));
                    } else if (s->unat[p] != pw) {
                        result = S_VOID;
                        reason = ufmt("void: %U is a unit of %U, not of %U", board_unit(c, p),
                                                      PyTuple_GET_ITEM(m->power_names, s->unat[p]), po[j].power);
                    } else
                        reason = table_entry(c, p, &result);
                }
                PyObject *item = reason ? PyDict_New() : NULL;
                if (item == NULL || PyDict_SetItem(item, K_ORDER, canon) < 0 ||
                    PyDict_SetItem(item, K_RESULT, result) < 0 || PyDict_SetItem(item, K_REASON, reason) < 0) {
                    Py_XDECREF(item);
                    Py_XDECREF(reason);
                    Py_DECREF(next);
                    goto error;
                }
                Py_DECREF(reason);
                PyList_SET_ITEM(lst, i, item);
            }
        }
    }
    if (s->bail) {
        Py_DECREF(next);
        goto fallback;
    }
    if (PyDict_SetItem(answer, K_NEXT, next) < 0) {
        Py_DECREF(next);
        goto error;
    }
    Py_DECREF(next);
    handled = 1;
    goto done;

fallback:
    handled = 0;
    goto done;
error:
    handled = -1;
done:
    PyMem_Free(entries);
    PyMem_Free(po);
    PyMem_Free(owner);
    PyMem_Free(ctext_owner);
    PyMem_Free(scratch);
    PyMem_Free(keys);
    PyMem_Free(has_units);
    for (int p = 0; p < P; p++) Py_CLEAR(s->void_reason[p]);
    m->busy = 0;
    if (handled == 1) return answer;
    Py_XDECREF(answer);
    if (handled < 0) return NULL;
    Py_RETURN_NONE;
}

/* The whole contract for a standard movement case (contract.adjudicate up to _movement): the case's keys,
 * variant, phase and options checked here, None for anything else (the Python path decides). */
static PyObject *K_VARIANT, *K_PHASE, *K_ORDERS, *K_OPTIONS, *K_RULES, *S_STANDARD, *S_2000, *S_2023;

static int truthy_retreats(PyObject *dislodged) {
    /* contract._retreats_given over the values: 1 when some power's entry names a unit that could retreat,
     * 0 when none does, -1 on error; 2 when the entry is not a dict (the Python path says why). */
    if (dislodged == NULL || dislodged == Py_None) return 0;
    if (!PyDict_CheckExact(dislodged)) return 2; /* contract._mapping refuses it, even when empty */
    int t;
    Py_ssize_t pos = 0;
    PyObject *k, *v;
    while (PyDict_Next(dislodged, &pos, &k, &v)) {
        t = PyObject_IsTrue(v);
        if (t < 0) return -1;
        if (!t) continue;
        if (!PyDict_CheckExact(v)) return 1;
        Py_ssize_t pos2 = 0;
        PyObject *k2, *v2;
        while (PyDict_Next(v, &pos2, &k2, &v2)) {
            t = PyObject_IsTrue(v2);
            if (t != 0) return t < 0 ? -1 : 1;
        }
    }
    return 0;
}

static PyObject *Map_movement(MapObject *m, PyObject *args) {
    PyObject *case_id, *units_in, *centers_in, *orders_in;
    int fall, year;
    if (!PyArg_ParseTuple(args, "OOOOpi", &case_id, &units_in, &centers_in, &orders_in, &fall, &year)) return NULL;
    return movement_of(m, case_id, units_in, centers_in, orders_in, fall, year);
}

static PyObject *fast(PyObject *module, PyObject *args) {
    PyObject *case_, *maps;
    (void)module;
    if (!PyArg_ParseTuple(args, "OO!", &case_, &PyDict_Type, &maps)) return NULL;
    if (!PyDict_CheckExact(case_)) Py_RETURN_NONE;
    PyObject *keys[] = {K_ID, K_VARIANT, K_PHASE, K_UNITS, K_CENTERS, K_ORDERS, K_DISLODGED, K_OPTIONS};
    Py_ssize_t pos = 0, seen = 0;
    PyObject *k, *v;
    while (PyDict_Next(case_, &pos, &k, &v)) {
        int ok = 0;
        for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]) && !ok; i++) {
            if (k == keys[i]) ok = 1;
            else if (PyUnicode_CheckExact(k)) {
                int eq = PyUnicode_Compare(k, keys[i]) == 0;
                if (PyErr_Occurred()) return NULL;
                ok = eq;
            }
        }
        if (!ok) Py_RETURN_NONE;
        seen++;
    }
    PyObject *variant = PyDict_GetItemWithError(case_, K_VARIANT);
    if (variant == NULL) {
        if (PyErr_Occurred()) return NULL;
        variant = S_STANDARD;
    }
    if (!PyUnicode_CheckExact(variant)) Py_RETURN_NONE;
    PyObject *map = PyDict_GetItemWithError(maps, variant);
    if (map == NULL) {
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_NONE;
    }
    PyObject *phase = PyDict_GetItemWithError(case_, K_PHASE);
    if (phase == NULL || !PyUnicode_CheckExact(phase) || PyUnicode_GET_LENGTH(phase) != 6 ||
        PyUnicode_KIND(phase) != PyUnicode_1BYTE_KIND) {
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_NONE;
    }
    const Py_UCS1 *ph = PyUnicode_1BYTE_DATA(phase);
    if ((ph[0] != 'S' && ph[0] != 'F') || ph[5] != 'M') Py_RETURN_NONE;
    int year = 0;
    for (int i = 1; i < 5; i++) {
        if (ph[i] < '0' || ph[i] > '9') Py_RETURN_NONE;
        year = year * 10 + (ph[i] - '0');
    }
    PyObject *options = PyDict_GetItemWithError(case_, K_OPTIONS);
    if (options != NULL) {
        int t = PyObject_IsTrue(options);
        if (t < 0) return NULL;
        if (t) {
            if (!PyDict_CheckExact(options) || PyDict_GET_SIZE(options) != 1) Py_RETURN_NONE;
            PyObject *rules = PyDict_GetItemWithError(options, K_RULES);
            if (rules == NULL || !PyUnicode_CheckExact(rules)) {
                if (PyErr_Occurred()) return NULL;
                Py_RETURN_NONE;
            }
            if (PyUnicode_Compare(rules, S_2000) != 0 && PyUnicode_Compare(rules, S_2023) != 0) Py_RETURN_NONE;
        }
    } else if (PyErr_Occurred())
        return NULL;
    PyObject *units = PyDict_GetItemWithError(case_, K_UNITS);
    if (units == NULL) {
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_NONE;
    }
    PyObject *dislodged = PyDict_GetItemWithError(case_, K_DISLODGED);
    if (dislodged == NULL && PyErr_Occurred()) return NULL;
    int r = truthy_retreats(dislodged);
    if (r < 0) return NULL;
    if (r) Py_RETURN_NONE;
    PyObject *id = PyDict_GetItemWithError(case_, K_ID);
    if (id == NULL && PyErr_Occurred()) return NULL;
    PyObject *centers = PyDict_GetItemWithError(case_, K_CENTERS);
    if (centers == NULL && PyErr_Occurred()) return NULL;
    PyObject *orders = PyDict_GetItemWithError(case_, K_ORDERS);
    if (orders == NULL && PyErr_Occurred()) return NULL;
    (void)seen;
    return movement_of((MapObject *)map, id ? id : Py_None, units, centers ? centers : Py_None,
                       orders ? orders : Py_None, ph[0] == 'F', year);
}

/* ------------------------------------------------------------------------------------------ the fast path */

/* umpire.diplomacy.fast's result codes, in the low bits of a unit's flags, and the flag of a unit that moved. */
enum { R_NONE = 0, R_SUCCEEDS = 1, R_FAILS = 2, R_VOID = 3 };
#define R_MOVED 4

/* The result of the order of the unit in ``p`` as result_of gives it, without the reason. */
static int result_code(Ctx *c, int p) {
    Phase *s = c->s;
    if (s->mv_dest[p] >= 0 || s->is_sup[p]) return s->res[p] ? R_SUCCEEDS : R_FAILS;
    int army = s->cv_army[p];
    if (army < 0) {
        if (s->void_reason[p] != NULL) return R_VOID;
        return s->dislodged_by[p] >= 0 ? R_FAILS : R_SUCCEEDS;
    }
    if (s->dislodged_by[p] >= 0 || s->szykman[p] || !path(c, army)) return R_FAILS;
    return R_SUCCEEDS;
}

static const char *buffer_of(PyObject *o, Py_ssize_t *n) {
    if (PyBytes_CheckExact(o)) {
        *n = PyBytes_GET_SIZE(o);
        return PyBytes_AS_STRING(o);
    }
    if (PyByteArray_CheckExact(o)) {
        *n = PyByteArray_GET_SIZE(o);
        return PyByteArray_AS_STRING(o);
    }
    PyErr_SetString(PyExc_TypeError, "expected bytes or a bytearray");
    return NULL;
}

/* Map.resolve(units, table, codes, retreats): one movement phase on pre-read units and orders (no texts).
 * ``units``: three int32 a unit (nation, kind, location); ``table``: NFIELDS int32 an order, as native.py packs
 * them; ``codes``: a list or tuple of row numbers of ``table``, at most one a unit.  Returns (flags, by, where,
 * options): per unit, its result code | R_MOVED (bytes), 1 + the index of the unit that dislodged it or 0
 * (bytes), its location after the phase or None when dislodged (tuple), and when ``retreats`` is true its
 * retreat options (a tuple of locations; None when not dislodged) else None.  None when the Python path must
 * take the phase (a map beyond the core's limits, an order it leaves to Python, a bailed resolution). */
static PyObject *Map_resolve(MapObject *m, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "resolve(units, table, codes, retreats) takes 4 arguments");
        return NULL;
    }
    if (m->busy || m->P > 256 || m->L > 1024 || m->maxdeg > 60) Py_RETURN_NONE;
    Py_ssize_t ub, tb;
    const char *ubuf = buffer_of(args[0], &ub), *tbuf = ubuf ? buffer_of(args[1], &tb) : NULL;
    if (tbuf == NULL) return NULL;
    int want = PyObject_IsTrue(args[3]);
    if (want < 0) return NULL;
    PyObject *seq = PySequence_Fast(args[2], "codes must be a sequence of ints");
    if (seq == NULL) return NULL;
    Py_ssize_t nunits = ub / (Py_ssize_t)(3 * sizeof(int)), nrows = tb / (Py_ssize_t)(NFIELDS * sizeof(int));
    Py_ssize_t ncodes = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    if (nunits > 250 || ub % (Py_ssize_t)(3 * sizeof(int))) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "units: three ints a unit, at most 250 units");
        return NULL;
    }
    m->busy = 1;
    reset_phase(m);
    Phase *s = &m->ph;
    Ctx ctx = {m, s};
    Ctx *c = &ctx;
    PyObject *out = NULL, *flags = NULL, *by = NULL, *where = NULL, *options = NULL;
    int status = 0; /* -1 error, 1 fall back */
    const int *u = (const int *)ubuf;
    for (Py_ssize_t i = 0; i < nunits; i++) {
        int nat = u[3 * i], kind = u[3 * i + 1], loc = u[3 * i + 2];
        if (nat < 0 || nat > 255 || kind < 0 || kind > 1 || loc < 0 || loc >= m->L || s->unat[m->prov_of[loc]] >= 0) {
            PyErr_SetString(PyExc_ValueError, "units: a nation, kind or location out of range, or two in one province");
            status = -1;
            goto done;
        }
        int p = m->prov_of[loc];
        s->unat[p] = nat;
        s->ukind[p] = kind;
        s->uloc[p] = loc;
        s->uidx[p] = (int)i;
        if (kind == 1 && BIT(m->seas, p)) s->fleets[p >> 6] |= (uint64_t)1 << (p & 63);
    }
    for (Py_ssize_t i = 0; i < ncodes; i++) {
        long k = PyLong_AsLong(items[i]);
        if (k == -1 && PyErr_Occurred()) {
            status = -1;
            goto done;
        }
        if (k < 0 || k >= nrows) {
            PyErr_Format(PyExc_IndexError, "order code %ld is not one of this board's", k);
            status = -1;
            goto done;
        }
        const int *f = (const int *)tbuf + k * NFIELDS;
        if (f[FK_TYPE] < T_HOLD || f[FK_TYPE] > T_CONVOY) {
            status = 1;
            goto done;
        }
        int p = f[FK_PROV];
        if (p < 0 || p >= m->P || s->unat[p] < 0) {
            PyErr_Format(PyExc_ValueError, "order code %ld is for a unit not on this board", k);
            status = -1;
            goto done;
        }
        if (s->otype[p]) {
            PyErr_Format(PyExc_ValueError, "two orders for the unit in %U", prov_name(m, p));
            status = -1;
            goto done;
        }
        for (int x = 0; x < NFIELDS; x++) {
            int v = f[x];
            if (v < -1 || (x == FK_LOC || x == FK_TLOC || x == FK_DLOC ? v >= m->L : x == FK_PROV || x == FK_TPROV || x == FK_DPROV ? v >= m->P : v > 32000)) {
                PyErr_Format(PyExc_ValueError, "order code %ld: a field out of range", k);
                status = -1;
                goto done;
            }
        }
        s->otype[p] = f[FK_TYPE];
        memcpy(&F(s, p, 0), f, sizeof(int) * NFIELDS);
        s->olist[s->nolist++] = p;
    }
    int any_dislodged = 0;
    status = adjudicate_phase(c, &any_dislodged);
    if (status) goto done;

    flags = PyBytes_FromStringAndSize(NULL, nunits);
    by = PyBytes_FromStringAndSize(NULL, nunits);
    where = PyTuple_New(nunits);
    options = want && any_dislodged ? PyTuple_New(nunits) : NULL;
    if (flags == NULL || by == NULL || where == NULL || (want && any_dislodged && options == NULL)) {
        status = -1;
        goto done;
    }
    unsigned char *fl = (unsigned char *)PyBytes_AS_STRING(flags), *bl = (unsigned char *)PyBytes_AS_STRING(by);
    for (Py_ssize_t i = 0; i < nunits; i++) {
        int loc = u[3 * i + 2], p = m->prov_of[loc], d = s->dislodged_by[p];
        int moved = s->mv_dest[p] >= 0 && s->res[p];
        fl[i] = (unsigned char)((s->otype[p] ? result_code(c, p) : R_NONE) | (moved ? R_MOVED : 0));
        bl[i] = (unsigned char)(d >= 0 ? s->uidx[d] + 1 : 0);
        PyObject *w = d >= 0 ? Py_None : loc_name(m, moved ? s->mv_loc[p] : loc);
        Py_INCREF(w);
        PyTuple_SET_ITEM(where, i, w);
        if (options != NULL) {
            PyObject *o = Py_None;
            if (d >= 0) {
                int locs[64], keys[64];
                int n = retreat_options(c, p, locs, keys);
                if ((o = PyTuple_New(n)) == NULL) {
                    status = -1;
                    goto done;
                }
                for (int j = 0; j < n; j++) {
                    PyObject *x = loc_name(m, locs[j]);
                    Py_INCREF(x);
                    PyTuple_SET_ITEM(o, j, x);
                }
            } else
                Py_INCREF(o);
            PyTuple_SET_ITEM(options, i, o);
        }
    }
    if (s->bail) {
        status = 1;
        goto done;
    }
    if (want && options == NULL) {
        options = PyTuple_New(nunits); /* nobody dislodged: no options anywhere */
        if (options == NULL) {
            status = -1;
            goto done;
        }
        for (Py_ssize_t i = 0; i < nunits; i++) {
            Py_INCREF(Py_None);
            PyTuple_SET_ITEM(options, i, Py_None);
        }
    }
    out = PyTuple_Pack(4, flags, by, where, options ? options : Py_None);
    if (out == NULL) status = -1;
done:
    Py_DECREF(seq);
    Py_XDECREF(flags);
    Py_XDECREF(by);
    Py_XDECREF(where);
    Py_XDECREF(options);
    for (int p = 0; p < m->P; p++) Py_CLEAR(s->void_reason[p]);
    m->busy = 0;
    if (status < 0) {
        Py_XDECREF(out);
        return NULL;
    }
    if (status > 0) {
        Py_XDECREF(out);
        Py_RETURN_NONE;
    }
    return out;
}

static PyMethodDef module_methods[] = {
    {"fast", (PyCFunction)fast, METH_VARARGS,
     "fast(case, maps) -> the answer of a standard movement case (maps: variant name -> Map), or None"},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef Map_methods[] = {
    {"movement", (PyCFunction)Map_movement, METH_VARARGS,
     "movement(case_id, units, centers, orders, fall, year) -> answer dict, or None to use the Python path"},
    {"resolve", (PyCFunction)(void (*)(void))Map_resolve, METH_FASTCALL,
     "resolve(units, table, codes, retreats) -> (flags, by, where, options), or None to use the Python path"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject MapType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "umpire.diplomacy._cresolver.Map",
    .tp_basicsize = sizeof(MapObject),
    .tp_dealloc = (destructor)Map_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A map's tables for the native movement adjudicator.",
    .tp_methods = Map_methods,
    .tp_init = (initproc)Map_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cresolver", "The native core of umpire's movement adjudicator.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cresolver(void) {
    if (PyType_Ready(&MapType) < 0) return NULL;
    PyObject *mod = PyModule_Create(&module);
    if (mod == NULL) return NULL;
#define INTERN(var, text)                                     \
    if ((var = PyUnicode_InternFromString(text)) == NULL) { \
        Py_DECREF(mod);                                       \
        return NULL;                                          \
    }
    INTERN(K_ID, "id");
    INTERN(K_UNITS, "units");
    INTERN(K_DISLODGED, "dislodged");
    INTERN(K_CENTERS, "centers");
    INTERN(K_RESULTS, "results");
    INTERN(K_NEXT, "next_phase");
    INTERN(K_ORDER, "order");
    INTERN(K_RESULT, "result");
    INTERN(K_REASON, "reason");
    INTERN(S_SUCCEEDS, "succeeds");
    INTERN(S_FAILS, "fails");
    INTERN(S_VOID, "void");
    INTERN(S_HOLDS, "holds");
    INTERN(K_VARIANT, "variant");
    INTERN(K_PHASE, "phase");
    INTERN(K_ORDERS, "orders");
    INTERN(K_OPTIONS, "options");
    INTERN(K_RULES, "rules");
    INTERN(S_STANDARD, "standard");
    INTERN(S_2000, "2000");
    INTERN(S_2023, "2023");
    Py_INCREF(&MapType);
    if (PyModule_AddObject(mod, "Map", (PyObject *)&MapType) < 0) {
        Py_DECREF(&MapType);
        Py_DECREF(mod);
        return NULL;
    }
    if (PyModule_AddIntConstant(mod, "NFIELDS", NFIELDS) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
