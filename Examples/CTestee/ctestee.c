/*
 * ctestee: a platform testee for `cmdtool conformance`, in C11, written from docs/CONFORMANCE.md §1
 * (the testee protocol), docs/PROTOCOL.md (the platform's rules), docs/STATE_FORMAT.md (the
 * snapshot) and docs/TRACE_FORMAT.md (JSON Lines). No dependencies beyond libc (and POSIX for
 * read/write and the optional socket transport).
 *
 *   clang -std=c11 -Wall -Wextra -Werror -O1 -o ctestee ctestee.c
 *   cmdtool conformance -- ./ctestee
 *
 * It reads untrusted bytes: every line, string, list and count is bounded, and input it cannot
 * read is reported on standard error with exit status 2. Exit 0 at the end of its input.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

#define CREATOR "ctestee 1"
#define DECLARATION \
  "protocol=1 profile=other " \
  "reports=tree,text,values,visibility,errors,flags,styles,options,lists,images,toasts,timers,preferences,requests " \
  "events=user,timer,image,visibility"

/* ---------------------------------------------------------------------------------------------
 * Limits: everything read from the wire is bounded.
 */
#define MAX_LINE ((size_t)16 << 20)          /* bytes in one JSON line, excluding the LF */
#define MAX_JSON_VALUES ((size_t)2 << 20)    /* values in one line */
#define MAX_DEPTH 64                         /* nesting of arrays and objects */
#define MAX_ELEMENTS ((size_t)1 << 20)       /* live elements */
#define MAX_ITEMS ((size_t)1 << 20)          /* entries in any one list (children, options, cells, ...) */
#define MAX_TIMERS ((size_t)1 << 16)         /* running timers */
#define MAX_TOASTS ((size_t)1 << 16)         /* toasts on screen */
#define MAX_CLOCK_STEPS ((uint64_t)10000000) /* clock items run by one advance */
#define REQUEST_LOG 1000                     /* requests kept (STATE_FORMAT.md §4.4) */

static const char *g_case = "";

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "ctestee [%s]: ", g_case);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static void out_of_memory(void) {
  fprintf(stderr, "ctestee [%s]: out of memory\n", g_case);
  exit(3);
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) out_of_memory();
  return p;
}

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) out_of_memory();
  return q;
}

/* A growable array: VEC(T) v; VEC_PUSH(v, x); v.v[i], v.n. */
#define VEC(T) struct { T *v; size_t n, cap; }
static void *vec_grow(void *items, size_t *cap, size_t size, const char *what) {
  if (*cap >= MAX_ITEMS) die("too many %s (more than %zu)", what, (size_t)MAX_ITEMS);
  size_t next = *cap ? *cap * 2 : 4;
  if (next > MAX_ITEMS) next = MAX_ITEMS;
  *cap = next;
  return xrealloc(items, next * size);
}
#define VEC_RESERVE(vec, what) \
  do { if ((vec).n == (vec).cap) (vec).v = vec_grow((vec).v, &(vec).cap, sizeof *(vec).v, what); } while (0)
#define VEC_PUSH(vec, item, what) \
  do { VEC_RESERVE(vec, what); (vec).v[(vec).n++] = (item); } while (0)
#define VEC_FREE(vec) do { free((vec).v); (vec).v = NULL; (vec).n = (vec).cap = 0; } while (0)

/* An owned byte string (may hold NUL bytes; always NUL-terminated for convenience). */
typedef struct { char *p; size_t n; } Str;

static Str str_make(const char *p, size_t n) {
  Str s;
  s.p = xmalloc(n + 1);
  if (n) memcpy(s.p, p, n);
  s.p[n] = 0;
  s.n = n;
  return s;
}
static void str_free(Str *s) { free(s->p); s->p = NULL; s->n = 0; }
static void str_set(Str *s, const char *p, size_t n) { Str t = str_make(p, n); str_free(s); *s = t; }
static int bytes_cmp(const char *a, size_t an, const char *b, size_t bn) {
  size_t m = an < bn ? an : bn;
  int c = m ? memcmp(a, b, m) : 0;
  if (c) return c;
  return an < bn ? -1 : an > bn ? 1 : 0;
}

/* ---------------------------------------------------------------------------------------------
 * Output buffers and JSON writing (STATE_FORMAT.md §5).
 */
typedef struct { char *p; size_t n, cap; } Buf;

static void buf_put(Buf *b, const void *p, size_t n) {
  if (b->cap - b->n < n) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->n < n) {
      if (cap > SIZE_MAX / 2) out_of_memory();
      cap *= 2;
    }
    b->p = xrealloc(b->p, cap);
    b->cap = cap;
  }
  if (n) memcpy(b->p + b->n, p, n);
  b->n += n;
}
static void buf_puts(Buf *b, const char *s) { buf_put(b, s, strlen(s)); }
static void buf_putc(Buf *b, char c) { buf_put(b, &c, 1); }
static void buf_int(Buf *b, long long v) {
  char tmp[32];
  int n = snprintf(tmp, sizeof tmp, "%lld", v);
  buf_put(b, tmp, (size_t)n);
}

/* A number: a whole number below 2^53 as an integer, anything else in the shortest %g form that
 * reads back to the same double. */
static void buf_number(Buf *b, double d) {
  char tmp[64];
  if (d == 0) { buf_putc(b, '0'); return; }
  if (d > -9007199254740992.0 && d < 9007199254740992.0 && d == (double)(long long)d) { buf_int(b, (long long)d); return; }
  for (int precision = 1; precision <= 17; precision++) {
    snprintf(tmp, sizeof tmp, "%.*g", precision, d);
    if (strtod(tmp, NULL) == d) break;
  }
  buf_puts(b, tmp);
}

static void buf_json_string(Buf *b, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  buf_putc(b, '"');
  size_t run = 0; /* bytes copied as they are, flushed in one piece */
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    const char *esc = NULL;
    char u[7];
    switch (c) {
    case '"': esc = "\\\""; break;
    case '\\': esc = "\\\\"; break;
    case '\n': esc = "\\n"; break;
    case '\r': esc = "\\r"; break;
    case '\t': esc = "\\t"; break;
    case '\b': esc = "\\b"; break;
    case '\f': esc = "\\f"; break;
    default:
      if (c < 0x20) {
        u[0] = '\\'; u[1] = 'u'; u[2] = '0'; u[3] = '0'; u[4] = hex[c >> 4]; u[5] = hex[c & 15]; u[6] = 0;
        esc = u;
      }
    }
    if (esc) {
      buf_put(b, s + i - run, run);
      run = 0;
      buf_puts(b, esc);
    } else {
      run++;
    }
  }
  buf_put(b, s + n - run, run);
  buf_putc(b, '"');
}
static void buf_json_str(Buf *b, const Str *s) { buf_json_string(b, s->p, s->n); }

/* ---------------------------------------------------------------------------------------------
 * Transport: standard input/output, or the socket named in CMDTOOL_WIRE (unix:PATH, tcp:HOST:PORT),
 * on which the token of CMDTOOL_WIRE_TOKEN goes first.
 */
static int g_in = 0, g_out = 1;
static Buf g_outbuf;

static void out_flush(void) {
  size_t done = 0;
  while (done < g_outbuf.n) {
    ssize_t w = write(g_out, g_outbuf.p + done, g_outbuf.n - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      fprintf(stderr, "ctestee [%s]: cannot write: %s\n", g_case, strerror(errno));
      exit(1);
    }
    done += (size_t)w;
  }
  g_outbuf.n = 0;
}

static void connect_wire(const char *address) {
  int fd = -1;
  if (strncmp(address, "unix:", 5) == 0) {
    struct sockaddr_un sa;
    memset(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    size_t len = strlen(address + 5);
    if (len == 0 || len >= sizeof sa.sun_path) die("CMDTOOL_WIRE: the socket path is empty or too long");
    memcpy(sa.sun_path, address + 5, len);
    fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) die("CMDTOOL_WIRE: cannot connect to %s: %s", address, strerror(errno));
  } else if (strncmp(address, "tcp:", 4) == 0) {
    const char *host = address + 4;
    const char *colon = strrchr(host, ':');
    if (!colon || (size_t)(colon - host) >= 64) die("CMDTOOL_WIRE: expected tcp:HOST:PORT, not %s", address);
    char hostname[64];
    memcpy(hostname, host, (size_t)(colon - host));
    hostname[colon - host] = 0;
    char *end;
    long port = strtol(colon + 1, &end, 10);
    if (*end || port <= 0 || port > 65535) die("CMDTOOL_WIRE: bad port in %s", address);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, hostname, &sa.sin_addr) != 1) die("CMDTOOL_WIRE: %s is not an IPv4 address", hostname);
    fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) die("CMDTOOL_WIRE: cannot connect to %s: %s", address, strerror(errno));
  } else if (strcmp(address, "stdio") == 0 || address[0] == 0) {
    return;
  } else {
    die("CMDTOOL_WIRE: unknown address %s (expected unix:PATH or tcp:HOST:PORT)", address);
  }
  /* The token first, a line of its own: cmdtool admits no other connection (WIRE.md §1). */
  const char *token = getenv("CMDTOOL_WIRE_TOKEN");
  buf_puts(&g_outbuf, token ? token : "");
  buf_puts(&g_outbuf, "\n");
  g_in = fd;
  g_out = fd;
  out_flush();
}

/* Line reader over g_in with read(2): a line is handed out as soon as its LF has arrived. */
static struct { char *p; size_t start, n, cap, scanned; bool eof; } g_rd; /* scanned: bytes after start known to hold no LF */

/* Returns the next line (without LF; a final CR is dropped) or NULL at the end of the input. */
static char *read_line(size_t *len) {
  for (;;) {
    char *begin = g_rd.p + g_rd.start;
    size_t avail = g_rd.n - g_rd.start;
    char *lf = avail > g_rd.scanned ? memchr(begin + g_rd.scanned, '\n', avail - g_rd.scanned) : NULL;
    if (lf || (g_rd.eof && avail)) {
      size_t n = lf ? (size_t)(lf - begin) : avail;
      if (n > MAX_LINE) die("a line is longer than %zu bytes", (size_t)MAX_LINE);
      g_rd.start += lf ? n + 1 : n;
      g_rd.scanned = 0;
      if (n && begin[n - 1] == '\r') n--;
      begin[n] = 0; /* the LF (or the spare byte below) becomes the terminator */
      *len = n;
      return begin;
    }
    if (g_rd.eof) return NULL;
    g_rd.scanned = avail;
    if (avail > MAX_LINE) die("a line is longer than %zu bytes", (size_t)MAX_LINE);
    /* Make room: move the partial line to the front, grow when needed (one spare byte). */
    if (g_rd.start) {
      memmove(g_rd.p, begin, avail);
      g_rd.start = 0;
      g_rd.n = avail;
    }
    if (g_rd.cap - g_rd.n < 65536 + 1) {
      g_rd.cap = g_rd.cap ? g_rd.cap * 2 : 131072;
      g_rd.p = xrealloc(g_rd.p, g_rd.cap);
    }
    ssize_t r = read(g_in, g_rd.p + g_rd.n, g_rd.cap - g_rd.n - 1);
    if (r < 0) {
      if (errno == EINTR) continue;
      die("cannot read the input: %s", strerror(errno));
    }
    if (r == 0) g_rd.eof = true;
    g_rd.n += (size_t)r;
  }
}

/* ---------------------------------------------------------------------------------------------
 * JSON reader: one line into a tree of values in an arena, freed line by line.
 */
typedef struct Arena { struct Arena *next; size_t used, cap; max_align_t data[]; } Arena;
static Arena *g_arena;

static void *arena_alloc(size_t n) {
  n = (n + 15) & ~(size_t)15;
  if (!g_arena || g_arena->cap - g_arena->used < n) {
    size_t cap = n > ((size_t)1 << 20) ? n : ((size_t)1 << 20);
    Arena *a = xmalloc(sizeof(Arena) + cap);
    a->next = g_arena;
    a->used = 0;
    a->cap = cap;
    g_arena = a;
  }
  void *p = (char *)g_arena->data + g_arena->used;
  g_arena->used += n;
  return p;
}
static void arena_reset(void) {
  while (g_arena && g_arena->next) {
    Arena *next = g_arena->next;
    free(g_arena);
    g_arena = next;
  }
  if (g_arena) g_arena->used = 0;
}

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } JType;
typedef struct JVal JVal;
typedef struct { const char *key; size_t klen; JVal *val; } JMember;
struct JVal {
  JType type;
  bool b;
  double num;
  bool is_int;    /* written without fraction or exponent */
  long long ival; /* its value, when is_int and it fits */
  bool ival_ok;
  const char *s;  /* string bytes (arena), NUL-terminated */
  size_t n;       /* string length, or item/member count */
  JVal **items;
  JMember *members;
};

typedef struct { const char *p, *end; size_t values; const char *err; size_t errpos; const char *line; } Parser;
/* Scratch stacks for items and members while an array or object is being read. */
static VEC(JVal *) g_items;
static VEC(JMember) g_members;

static bool perr(Parser *ps, const char *msg) {
  if (!ps->err) { ps->err = msg; ps->errpos = (size_t)(ps->p - ps->line); }
  return false;
}
static void skip_ws(Parser *ps) {
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r' || *ps->p == '\n')) ps->p++;
}

/* Strict UTF-8 (no overlong forms, no surrogates, at most U+10FFFF). */
static bool valid_utf8(const unsigned char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    unsigned char c = s[i];
    if (c < 0x80) { i++; continue; }
    size_t len;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07; }
    else return false;
    if (n - i < len) return false;
    for (size_t k = 1; k < len; k++) {
      if ((s[i + k] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return false;
    if (cp >= 0xD800 && cp <= 0xDFFF) return false;
    i += len;
  }
  return true;
}

static int hex4(const char *p) {
  int v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= c - '0';
    else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
    else return -1;
  }
  return v;
}

static size_t put_utf8(char *o, uint32_t cp) {
  if (cp < 0x80) { o[0] = (char)cp; return 1; }
  if (cp < 0x800) { o[0] = (char)(0xC0 | (cp >> 6)); o[1] = (char)(0x80 | (cp & 0x3F)); return 2; }
  if (cp < 0x10000) {
    o[0] = (char)(0xE0 | (cp >> 12)); o[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); o[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  o[0] = (char)(0xF0 | (cp >> 18)); o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  o[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); o[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

/* Reads a string at ps->p (the opening quote) into the arena. */
static bool parse_string(Parser *ps, const char **out, size_t *outlen) {
  ps->p++; /* the quote */
  const char *start = ps->p;
  /* Find the closing quote first: the decoded string is never longer than the raw one. */
  const char *q = start;
  while (q < ps->end && *q != '"') q += (*q == '\\' && q + 1 < ps->end) ? 2 : 1;
  if (q >= ps->end) return perr(ps, "a string is not closed");
  char *o = arena_alloc((size_t)(q - start) + 1);
  size_t n = 0;
  while (ps->p < q) {
    unsigned char c = (unsigned char)*ps->p;
    if (c < 0x20) return perr(ps, "a control character inside a string (it must be escaped)");
    if (c != '\\') { o[n++] = (char)c; ps->p++; continue; }
    ps->p++;
    char e = *ps->p++;
    switch (e) {
    case '"': o[n++] = '"'; break;
    case '\\': o[n++] = '\\'; break;
    case '/': o[n++] = '/'; break;
    case 'b': o[n++] = '\b'; break;
    case 'f': o[n++] = '\f'; break;
    case 'n': o[n++] = '\n'; break;
    case 'r': o[n++] = '\r'; break;
    case 't': o[n++] = '\t'; break;
    case 'u': {
      if (q - ps->p < 4) return perr(ps, "a \\u escape needs four hex digits");
      int u = hex4(ps->p);
      if (u < 0) return perr(ps, "a \\u escape needs four hex digits");
      ps->p += 4;
      uint32_t cp = (uint32_t)u;
      if (cp >= 0xDC00 && cp <= 0xDFFF) return perr(ps, "a lone low surrogate escape");
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (q - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u') return perr(ps, "a high surrogate escape without its low half");
        int lo = hex4(ps->p + 2);
        if (lo < 0xDC00 || lo > 0xDFFF) return perr(ps, "a high surrogate escape without its low half");
        ps->p += 6;
        cp = 0x10000 + ((cp - 0xD800) << 10) + ((uint32_t)lo - 0xDC00);
      }
      n += put_utf8(o + n, cp);
      break;
    }
    default:
      return perr(ps, "an unknown escape in a string");
    }
  }
  ps->p = q + 1;
  o[n] = 0;
  if (!valid_utf8((const unsigned char *)o, n)) return perr(ps, "a string is not valid UTF-8");
  *out = o;
  *outlen = n;
  return true;
}

static bool parse_number(Parser *ps, JVal *v) {
  const char *s = ps->p;
  if (ps->p < ps->end && *ps->p == '-') ps->p++;
  if (ps->p >= ps->end) return perr(ps, "a number ends early");
  if (*ps->p == '0') ps->p++;
  else if (*ps->p >= '1' && *ps->p <= '9') while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9') ps->p++;
  else return perr(ps, "not a JSON number");
  bool is_int = true;
  if (ps->p < ps->end && *ps->p == '.') {
    is_int = false;
    ps->p++;
    if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9') return perr(ps, "a number needs digits after its point");
    while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9') ps->p++;
  }
  if (ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E')) {
    is_int = false;
    ps->p++;
    if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-')) ps->p++;
    if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9') return perr(ps, "a number needs digits in its exponent");
    while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9') ps->p++;
  }
  size_t len = (size_t)(ps->p - s);
  char small[64];
  char *copy = len < sizeof small ? small : arena_alloc(len + 1);
  memcpy(copy, s, len);
  copy[len] = 0;
  v->type = J_NUM;
  v->is_int = is_int;
  errno = 0;
  v->num = strtod(copy, NULL);
  if (!isfinite(v->num)) return perr(ps, "a number too large for a double");
  v->ival_ok = false;
  if (is_int) {
    errno = 0;
    long long i = strtoll(copy, NULL, 10);
    if (errno == 0) { v->ival = i; v->ival_ok = true; }
  }
  return true;
}

static int member_cmp(const void *a, const void *b) {
  const JMember *x = a, *y = b;
  return bytes_cmp(x->key, x->klen, y->key, y->klen);
}

static bool parse_value(Parser *ps, JVal **out, int depth) {
  if (depth > MAX_DEPTH) return perr(ps, "values nest too deeply");
  if (++ps->values > MAX_JSON_VALUES) return perr(ps, "too many values in one line");
  skip_ws(ps);
  if (ps->p >= ps->end) return perr(ps, "a value is missing");
  JVal *v = arena_alloc(sizeof *v);
  memset(v, 0, sizeof *v);
  *out = v;
  char c = *ps->p;
  if (c == '"') {
    v->type = J_STR;
    return parse_string(ps, &v->s, &v->n);
  }
  if (c == '-' || (c >= '0' && c <= '9')) return parse_number(ps, v);
  if ((size_t)(ps->end - ps->p) >= 4 && memcmp(ps->p, "true", 4) == 0) { v->type = J_BOOL; v->b = true; ps->p += 4; return true; }
  if ((size_t)(ps->end - ps->p) >= 5 && memcmp(ps->p, "false", 5) == 0) { v->type = J_BOOL; ps->p += 5; return true; }
  if ((size_t)(ps->end - ps->p) >= 4 && memcmp(ps->p, "null", 4) == 0) { v->type = J_NULL; ps->p += 4; return true; }
  if (c == '[') {
    ps->p++;
    size_t base = g_items.n;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == ']') ps->p++;
    else for (;;) {
      JVal *item;
      if (!parse_value(ps, &item, depth + 1)) return false;
      VEC_PUSH(g_items, item, "array items");
      skip_ws(ps);
      if (ps->p < ps->end && *ps->p == ',') {
        ps->p++;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == ']') return perr(ps, "a trailing comma before ]");
        continue;
      }
      if (ps->p < ps->end && *ps->p == ']') { ps->p++; break; }
      return perr(ps, "expected , or ] in an array");
    }
    v->type = J_ARR;
    v->n = g_items.n - base;
    v->items = arena_alloc(v->n * sizeof *v->items);
    if (v->n) memcpy(v->items, g_items.v + base, v->n * sizeof *v->items);
    g_items.n = base;
    return true;
  }
  if (c == '{') {
    ps->p++;
    size_t base = g_members.n;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == '}') ps->p++;
    else for (;;) {
      skip_ws(ps);
      if (ps->p >= ps->end || *ps->p != '"') return perr(ps, "expected a key (a string) in an object");
      JMember m;
      if (!parse_string(ps, &m.key, &m.klen)) return false;
      skip_ws(ps);
      if (ps->p >= ps->end || *ps->p != ':') return perr(ps, "expected : after a key");
      ps->p++;
      if (!parse_value(ps, &m.val, depth + 1)) return false;
      VEC_PUSH(g_members, m, "object members");
      skip_ws(ps);
      if (ps->p < ps->end && *ps->p == ',') {
        ps->p++;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == '}') return perr(ps, "a trailing comma before }");
        continue;
      }
      if (ps->p < ps->end && *ps->p == '}') { ps->p++; break; }
      return perr(ps, "expected , or } in an object");
    }
    v->type = J_OBJ;
    v->n = g_members.n - base;
    v->members = arena_alloc(v->n * sizeof *v->members);
    if (v->n) memcpy(v->members, g_members.v + base, v->n * sizeof *v->members);
    g_members.n = base;
    if (v->n > 1) { /* duplicate keys: sort a copy */
      JMember *sorted = arena_alloc(v->n * sizeof *sorted);
      memcpy(sorted, v->members, v->n * sizeof *sorted);
      qsort(sorted, v->n, sizeof *sorted, member_cmp);
      for (size_t i = 1; i < v->n; i++)
        if (member_cmp(&sorted[i - 1], &sorted[i]) == 0) return perr(ps, "the same key twice in one object");
    }
    return true;
  }
  return perr(ps, "not a JSON value");
}

static JVal *obj_get(const JVal *o, const char *key) {
  size_t kl = strlen(key);
  for (size_t i = 0; i < o->n; i++)
    if (o->members[i].klen == kl && memcmp(o->members[i].key, key, kl) == 0) return o->members[i].val;
  return NULL;
}

/* ---------------------------------------------------------------------------------------------
 * Command types, by name (TRACE_FORMAT.md §3; the cmdtool-1 codes of BINARY_FORMAT.md §14).
 */
enum {
  CREATE_APPLICATION, CREATE_FRAMEVIEW, CREATE_NAVIGATIONVIEW, CREATE_OPENGL_VIEW, CREATE_TEXTFIELD,
  CREATE_TEXTVIEW, CREATE_LISTVIEW, CREATE_GRIDVIEW, CREATE_BUTTON, CREATE_SWITCH, CREATE_PICKER,
  CREATE_LINEAR_LAYOUT, CREATE_FRAME_LAYOUT, CREATE_EVENT_LAYOUT, CREATE_SCROLL_LAYOUT,
  CREATE_FLIPPER_LAYOUT, CREATE_TABLE_LAYOUT, CREATE_AUTO_COLUMN_LAYOUT, CREATE_TEXT, CREATE_LINK,
  CREATE_DIALOG, CREATE_ALERT_DIALOG, CREATE_IMAGEVIEW, CREATE_ACTION_SHEET, CREATE_PAGER,
  CREATE_CHECKBOX, CREATE_RADIO_GROUP, CREATE_SEPARATOR, CREATE_SLIDER, CREATE_ACTIONBAR,
  CREATE_SEARCHBAR, CREATE_NAVIGATIONBAR, CREATE_NAVIGATIONBAR_ITEM, CREATE_PROGRESS_SPINNER,
  CREATE_TOAST, CREATE_NOTIFICATION, CREATE_PAGE_CONTROL, CREATE_SEGMENTED_CONTROL, DELETE_ELEMENT,
  REMOVE_CHILD, REORDER_CHILD, LAUNCH_BROWSER, HISTORY_GO_BACK, CLEAR, RELEASE, SET_INT_VALUE,
  SET_TEXT_VALUE, SET_INT_DATA, SET_TEXT_DATA, SET_VISIBILITY, SET_SHAPE, SET_STYLE, SET_ERROR,
  ADD_IMAGE_URL, FLUSH_VIEW, UPDATE_PREFERENCE, DELETE_PREFERENCE, COMMIT_PREFERENCES, ADD_OPTION,
  ADD_SHEET, ADD_COLUMN, RESHAPE_TABLE, RESHAPE_SHEET, STOP, QUIT_APP, CREATE_TIMER, LIST_PRODUCTS,
  BUY_PRODUCT, LIST_PURCHASES, CONSUME_PURCHASE, SHARE_LINK, SELECT_FROM_GALLERY,
  SHOW_NETWORK_ACTIVITY,
  /* names only older engines had (PROTOCOL.md §3.73) */
  CREATE_PROGRESSBAR, TOGGLE_MENU, SET_BACK_BUTTON_VISIBILITY, HISTORY_GO_FORWARD, SHOW_VIEW, SHOW,
  CREATE_FORMVIEW, CREATE_NATIVE_OPENGL_VIEW, CREATE_TEXTLABEL, CREATE_IMAGE_ELEMENT, REQUEST_REDRAW,
  SHOW_MESSAGE_DIALOG, SHOW_INPUT_DIALOG, POST_NOTIFICATION, SET_VALUE, SET_LABEL, SET_ATTRIBUTE,
  SET_CAPTION, DELETE_TIMER, CREATE_PLATFORM, SHOW_ACTION_SHEET, SET_USER_ID, CREATE_SCROLLVIEW,
  CREATE_HEADING_TEXT, SET_ENABLED, CREATE_BASICVIEW, SET_READONLY, CREATE_SIMPLELISTVIEW, SET_IMAGE,
  SHOW_DIALOG, END_MODAL, CREATE_RELATIVE_LAYOUT, CREATE_PANEL, CREATE_PROXY_LAYOUT, SHOW_MODAL,
  COMMAND_TYPE_COUNT
};

static const char *const command_names[COMMAND_TYPE_COUNT] = {
  "CREATE_APPLICATION", "CREATE_FRAMEVIEW", "CREATE_NAVIGATIONVIEW", "CREATE_OPENGL_VIEW", "CREATE_TEXTFIELD",
  "CREATE_TEXTVIEW", "CREATE_LISTVIEW", "CREATE_GRIDVIEW", "CREATE_BUTTON", "CREATE_SWITCH", "CREATE_PICKER",
  "CREATE_LINEAR_LAYOUT", "CREATE_FRAME_LAYOUT", "CREATE_EVENT_LAYOUT", "CREATE_SCROLL_LAYOUT",
  "CREATE_FLIPPER_LAYOUT", "CREATE_TABLE_LAYOUT", "CREATE_AUTO_COLUMN_LAYOUT", "CREATE_TEXT", "CREATE_LINK",
  "CREATE_DIALOG", "CREATE_ALERT_DIALOG", "CREATE_IMAGEVIEW", "CREATE_ACTION_SHEET", "CREATE_PAGER",
  "CREATE_CHECKBOX", "CREATE_RADIO_GROUP", "CREATE_SEPARATOR", "CREATE_SLIDER", "CREATE_ACTIONBAR",
  "CREATE_SEARCHBAR", "CREATE_NAVIGATIONBAR", "CREATE_NAVIGATIONBAR_ITEM", "CREATE_PROGRESS_SPINNER",
  "CREATE_TOAST", "CREATE_NOTIFICATION", "CREATE_PAGE_CONTROL", "CREATE_SEGMENTED_CONTROL", "DELETE_ELEMENT",
  "REMOVE_CHILD", "REORDER_CHILD", "LAUNCH_BROWSER", "HISTORY_GO_BACK", "CLEAR", "RELEASE", "SET_INT_VALUE",
  "SET_TEXT_VALUE", "SET_INT_DATA", "SET_TEXT_DATA", "SET_VISIBILITY", "SET_SHAPE", "SET_STYLE", "SET_ERROR",
  "ADD_IMAGE_URL", "FLUSH_VIEW", "UPDATE_PREFERENCE", "DELETE_PREFERENCE", "COMMIT_PREFERENCES", "ADD_OPTION",
  "ADD_SHEET", "ADD_COLUMN", "RESHAPE_TABLE", "RESHAPE_SHEET", "STOP", "QUIT_APP", "CREATE_TIMER", "LIST_PRODUCTS",
  "BUY_PRODUCT", "LIST_PURCHASES", "CONSUME_PURCHASE", "SHARE_LINK", "SELECT_FROM_GALLERY",
  "SHOW_NETWORK_ACTIVITY",
  "CREATE_PROGRESSBAR", "TOGGLE_MENU", "SET_BACK_BUTTON_VISIBILITY", "HISTORY_GO_FORWARD", "SHOW_VIEW", "SHOW",
  "CREATE_FORMVIEW", "CREATE_NATIVE_OPENGL_VIEW", "CREATE_TEXTLABEL", "CREATE_IMAGE_ELEMENT", "REQUEST_REDRAW",
  "SHOW_MESSAGE_DIALOG", "SHOW_INPUT_DIALOG", "POST_NOTIFICATION", "SET_VALUE", "SET_LABEL", "SET_ATTRIBUTE",
  "SET_CAPTION", "DELETE_TIMER", "CREATE_PLATFORM", "SHOW_ACTION_SHEET", "SET_USER_ID", "CREATE_SCROLLVIEW",
  "CREATE_HEADING_TEXT", "SET_ENABLED", "CREATE_BASICVIEW", "SET_READONLY", "CREATE_SIMPLELISTVIEW", "SET_IMAGE",
  "SHOW_DIALOG", "END_MODAL", "CREATE_RELATIVE_LAYOUT", "CREATE_PANEL", "CREATE_PROXY_LAYOUT", "SHOW_MODAL",
};

/* ---------------------------------------------------------------------------------------------
 * Element kinds (PROTOCOL.md §1.3, STATE_FORMAT.md §3).
 */
typedef enum {
  K_APPLICATION, K_FRAME_VIEW, K_NAVIGATION_VIEW, K_OPENGL_VIEW, K_TEXT_FIELD, K_TEXT_VIEW, K_LIST_VIEW,
  K_GRID_VIEW, K_BUTTON, K_SWITCH, K_PICKER, K_LINEAR_LAYOUT, K_FRAME_LAYOUT, K_EVENT_LAYOUT,
  K_SCROLL_LAYOUT, K_FLIPPER_LAYOUT, K_TABLE_LAYOUT, K_AUTO_COLUMN_LAYOUT, K_TEXT, K_DIALOG,
  K_ALERT_DIALOG, K_IMAGE_VIEW, K_ACTION_SHEET, K_PAGER, K_CHECKBOX, K_RADIO_GROUP, K_SEPARATOR,
  K_SLIDER, K_ACTION_BAR, K_SEARCH_BAR, K_NAVIGATION_BAR, K_NAVIGATION_BAR_ITEM, K_PROGRESS_SPINNER,
  K_NOTIFICATION, K_PAGE_CONTROL, K_SEGMENTED_CONTROL, KIND_COUNT
} Kind;

static const char *const kind_names[KIND_COUNT] = {
  "application", "frameView", "navigationView", "openGLView", "textField", "textView", "listView",
  "gridView", "button", "switch", "picker", "linearLayout", "frameLayout", "eventLayout",
  "scrollLayout", "flipperLayout", "tableLayout", "autoColumnLayout", "text", "dialog",
  "alertDialog", "imageView", "actionSheet", "pager", "checkbox", "radioGroup", "separator",
  "slider", "actionBar", "searchBar", "navigationBar", "navigationBarItem", "progressSpinner",
  "notification", "pageControl", "segmentedControl",
};

/* The kind a command type creates, or -1 when it creates no element. */
static int creation_kind(int type) {
  switch (type) {
  case CREATE_FRAMEVIEW: case CREATE_FORMVIEW: case CREATE_BASICVIEW: return K_FRAME_VIEW;
  case CREATE_NAVIGATIONVIEW: return K_NAVIGATION_VIEW;
  case CREATE_OPENGL_VIEW: case CREATE_NATIVE_OPENGL_VIEW: return K_OPENGL_VIEW;
  case CREATE_TEXTFIELD: return K_TEXT_FIELD;
  case CREATE_TEXTVIEW: return K_TEXT_VIEW;
  case CREATE_LISTVIEW: case CREATE_SIMPLELISTVIEW: return K_LIST_VIEW;
  case CREATE_GRIDVIEW: return K_GRID_VIEW;
  case CREATE_BUTTON: return K_BUTTON;
  case CREATE_SWITCH: return K_SWITCH;
  case CREATE_PICKER: return K_PICKER;
  case CREATE_LINEAR_LAYOUT: case CREATE_PROXY_LAYOUT: return K_LINEAR_LAYOUT;
  case CREATE_FRAME_LAYOUT: case CREATE_RELATIVE_LAYOUT: case CREATE_PANEL: return K_FRAME_LAYOUT;
  case CREATE_EVENT_LAYOUT: return K_EVENT_LAYOUT;
  case CREATE_SCROLL_LAYOUT: case CREATE_SCROLLVIEW: return K_SCROLL_LAYOUT;
  case CREATE_FLIPPER_LAYOUT: return K_FLIPPER_LAYOUT;
  case CREATE_TABLE_LAYOUT: return K_TABLE_LAYOUT;
  case CREATE_AUTO_COLUMN_LAYOUT: return K_AUTO_COLUMN_LAYOUT;
  case CREATE_TEXT: case CREATE_TEXTLABEL: case CREATE_HEADING_TEXT: return K_TEXT;
  case CREATE_DIALOG: return K_DIALOG;
  case CREATE_ALERT_DIALOG: return K_ALERT_DIALOG;
  case CREATE_IMAGEVIEW: case CREATE_IMAGE_ELEMENT: return K_IMAGE_VIEW;
  case CREATE_ACTION_SHEET: return K_ACTION_SHEET;
  case CREATE_PAGER: return K_PAGER;
  case CREATE_CHECKBOX: return K_CHECKBOX;
  case CREATE_RADIO_GROUP: return K_RADIO_GROUP;
  case CREATE_SEPARATOR: return K_SEPARATOR;
  case CREATE_SLIDER: return K_SLIDER;
  case CREATE_ACTIONBAR: return K_ACTION_BAR;
  case CREATE_SEARCHBAR: return K_SEARCH_BAR;
  case CREATE_NAVIGATIONBAR: return K_NAVIGATION_BAR;
  case CREATE_NAVIGATIONBAR_ITEM: return K_NAVIGATION_BAR_ITEM;
  case CREATE_PROGRESS_SPINNER: case CREATE_PROGRESSBAR: return K_PROGRESS_SPINNER;
  case CREATE_NOTIFICATION: return K_NOTIFICATION;
  case CREATE_PAGE_CONTROL: return K_PAGE_CONTROL;
  case CREATE_SEGMENTED_CONTROL: return K_SEGMENTED_CONTROL;
  default: return -1;
  }
}

static bool is_view(Kind k) { return k == K_FRAME_VIEW || k == K_OPENGL_VIEW; }
static bool is_modal_kind(Kind k) { return k == K_DIALOG || k == K_ALERT_DIALOG || k == K_ACTION_SHEET; }
static bool is_text_input(Kind k) { return k == K_TEXT_FIELD || k == K_TEXT_VIEW || k == K_SEARCH_BAR; }
static bool is_list(Kind k) { return k == K_LIST_VIEW || k == K_GRID_VIEW; }
static bool is_paged(Kind k) { return k == K_PAGER || k == K_FLIPPER_LAYOUT; }
/* The kinds a user's `select` acts on (CONFORMANCE.md §1.3). */
static bool is_selectable(Kind k) {
  return k == K_PICKER || k == K_PAGER || k == K_FLIPPER_LAYOUT || k == K_RADIO_GROUP || k == K_SEGMENTED_CONTROL ||
         k == K_PAGE_CONTROL;
}
/* The kinds whose value a ValueEvent sets (PROTOCOL.md §4.1). */
static bool takes_event_value(Kind k) { return k == K_SWITCH || k == K_CHECKBOX || is_selectable(k); }

/* ---------------------------------------------------------------------------------------------
 * The state (PROTOCOL.md §1).
 */
typedef VEC(int32_t) IdList;
typedef VEC(Str) StrList;
typedef struct { Str key, value; } Pair;
typedef VEC(Pair) PairList; /* sorted by key bytes */
typedef struct { int32_t id; Str label; } Option;
typedef struct { Str name; int32_t type; } Column;
typedef struct { int32_t sheet, row, column; Str text; } Cell; /* sorted by (sheet, row, column) */
typedef struct { int32_t sheet, rows; } RowCount;                /* sorted by sheet */
typedef struct { Str url; int32_t width, height; } Source;       /* sorted by width, then height */

typedef struct Element {
  int32_t id;
  Kind kind;
  bool has_parent;
  int32_t parent;
  IdList children;
  Str text, text2;
  int32_t value, count;
  bool visible;
  bool has_error;
  Str error;
  uint32_t flags;
  PairList styles[6];
  VEC(Option) options;
  StrList links;
  VEC(Column) columns;
  StrList sheets;
  VEC(RowCount) row_counts;
  VEC(Cell) cells;
  VEC(Source) sources;
  bool has_file;
  Str file;
  bool has_request; /* an outstanding ImageRequestEvent REQUEST */
  Str requested;
  uint32_t requested_width;
  bool released;
  bool stopped;
  bool has_modal_result;
  int32_t modal_result;
  bool dirty_image; /* evaluate at the end of the record */
} Element;

/* Elements by id: open addressing with linear probing and backward-shift deletion. */
static struct { Element **slots; size_t cap, n; } g_map;

static size_t id_hash(int32_t id, size_t cap) {
  uint64_t h = (uint64_t)(uint32_t)id * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 32) & (cap - 1);
}
static Element *find(int32_t id) {
  if (!g_map.cap) return NULL;
  for (size_t i = id_hash(id, g_map.cap);; i = (i + 1) & (g_map.cap - 1)) {
    Element *e = g_map.slots[i];
    if (!e) return NULL;
    if (e->id == id) return e;
  }
}
static void map_insert_slot(Element *e) {
  for (size_t i = id_hash(e->id, g_map.cap);; i = (i + 1) & (g_map.cap - 1))
    if (!g_map.slots[i]) { g_map.slots[i] = e; return; }
}
static void map_insert(Element *e) {
  if (g_map.n >= MAX_ELEMENTS) die("too many live elements (more than %zu)", (size_t)MAX_ELEMENTS);
  if ((g_map.n + 1) * 2 > g_map.cap) {
    size_t old = g_map.cap;
    Element **slots = g_map.slots;
    g_map.cap = old ? old * 2 : 64;
    g_map.slots = calloc(g_map.cap, sizeof *g_map.slots);
    if (!g_map.slots) out_of_memory();
    for (size_t i = 0; i < old; i++) if (slots[i]) map_insert_slot(slots[i]);
    free(slots);
  }
  map_insert_slot(e);
  g_map.n++;
}
static void map_remove(int32_t id) {
  size_t mask = g_map.cap - 1, i = id_hash(id, g_map.cap);
  while (g_map.slots[i] && g_map.slots[i]->id != id) i = (i + 1) & mask;
  if (!g_map.slots[i]) return;
  g_map.slots[i] = NULL;
  g_map.n--;
  for (size_t j = (i + 1) & mask; g_map.slots[j]; j = (j + 1) & mask) {
    size_t home = id_hash(g_map.slots[j]->id, g_map.cap);
    /* Move j back into the hole at i unless its home lies cyclically in (i, j]. */
    bool stays = (i <= j) ? (i < home && home <= j) : (i < home || home <= j);
    if (!stays) { g_map.slots[i] = g_map.slots[j]; g_map.slots[j] = NULL; i = j; }
  }
}

typedef struct { int32_t id, owner, interval; double next_fire; int64_t fired; uint64_t serial; } Timer;
typedef struct { int64_t number; Str text; int32_t from; double shown_at, expires_at; } Toast;
typedef struct { double time; uint64_t record; const char *kind; int32_t from; Str text; } Request;
/* A scheduled clock item: a timer tick (serial = the timer's) or a toast expiry (number). */
typedef struct { double due; uint64_t seq; bool is_toast; uint64_t ref; } ClockItem;

static struct {
  double time;
  uint64_t record; /* index of the record being applied (0 = the first after the header) */
  bool has_app, has_active, has_drawer;
  int32_t app, active, drawer;
  IdList history;
  IdList modals;
  VEC(Timer) timers; /* sorted by id */
  VEC(Toast) toasts;
  int64_t toast_count;
  PairList committed, pending_updates;
  StrList pending_deletions; /* sorted */
  bool network_activity, quit;
  Request requests[REQUEST_LOG];
  size_t request_first, request_count;
  VEC(ClockItem) clock; /* a binary heap by (due, seq) */
  uint64_t clock_seq, timer_serial;
  int32_t viewport_width, viewport_height;
  bool images_dirty; /* evaluate every image at the end of the record */
  bool some_image_dirty; /* some image view has dirty_image set */
  size_t image_count; /* live image views */
} S;

/* ---------------------------------------------------------------------------------------------
 * Sorted string maps (styles, preferences).
 */
static size_t pairs_find(const PairList *l, const char *k, size_t kn, bool *found) {
  size_t lo = 0, hi = l->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = bytes_cmp(l->v[mid].key.p, l->v[mid].key.n, k, kn);
    if (c == 0) { *found = true; return mid; }
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  *found = false;
  return lo;
}
static void pairs_set(PairList *l, const char *k, size_t kn, const char *v, size_t vn) {
  bool found;
  size_t i = pairs_find(l, k, kn, &found);
  if (found) { str_set(&l->v[i].value, v, vn); return; }
  VEC_RESERVE(*l, "keys");
  memmove(l->v + i + 1, l->v + i, (l->n - i) * sizeof *l->v);
  l->v[i].key = str_make(k, kn);
  l->v[i].value = str_make(v, vn);
  l->n++;
}
static void pairs_remove(PairList *l, const char *k, size_t kn) {
  bool found;
  size_t i = pairs_find(l, k, kn, &found);
  if (!found) return;
  str_free(&l->v[i].key);
  str_free(&l->v[i].value);
  memmove(l->v + i, l->v + i + 1, (l->n - i - 1) * sizeof *l->v);
  l->n--;
}
static void pairs_free(PairList *l) {
  for (size_t i = 0; i < l->n; i++) { str_free(&l->v[i].key); str_free(&l->v[i].value); }
  VEC_FREE(*l);
}

/* A sorted set of strings (pending preference deletions). */
static void strset_add(StrList *set, const char *k, size_t kn, bool add) {
  size_t lo = 0, hi = set->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = bytes_cmp(set->v[mid].p, set->v[mid].n, k, kn);
    if (c == 0) {
      if (!add) { str_free(&set->v[mid]); memmove(set->v + mid, set->v + mid + 1, (set->n - mid - 1) * sizeof *set->v); set->n--; }
      return;
    }
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  if (!add) return;
  VEC_RESERVE(*set, "keys");
  memmove(set->v + lo + 1, set->v + lo, (set->n - lo) * sizeof *set->v);
  set->v[lo] = str_make(k, kn);
  set->n++;
}

/* ---------------------------------------------------------------------------------------------
 * Events and markers to cmdtool.
 */
/* The kinds of events it sends: all four, as DECLARATION says (events=user,timer,image,visibility).
 * Switching one off here (and in DECLARATION) makes it a testee that does not send that kind. */
static const struct {
  bool timer, image, visibility, user;
} g_events = { true, true, true, true };

static void write_line_start(void) {
  buf_puts(&g_outbuf, "{\"t\":");
  buf_number(&g_outbuf, S.time);
}
static void send_marker(const char *label, const char *detail, size_t detail_len) {
  write_line_start();
  buf_puts(&g_outbuf, ",\"marker\":");
  buf_json_string(&g_outbuf, label, strlen(label));
  buf_puts(&g_outbuf, ",\"detail\":");
  buf_json_string(&g_outbuf, detail, detail_len);
  buf_puts(&g_outbuf, "}\n");
}
static void send_error(const char *why) { send_marker("error", why, strlen(why)); }
static void send_unsupported(const char *why) { send_marker("unsupported", why, strlen(why)); }

static void send_value_event(int32_t target, bool has_value, int32_t value, const char *text, size_t text_len) {
  write_line_start();
  buf_puts(&g_outbuf, ",\"event\":\"ValueEvent\",\"target\":");
  buf_int(&g_outbuf, target);
  if (text) { buf_puts(&g_outbuf, ",\"text\":"); buf_json_string(&g_outbuf, text, text_len); }
  if (has_value) { buf_puts(&g_outbuf, ",\"value\":"); buf_int(&g_outbuf, value); }
  buf_puts(&g_outbuf, "}\n");
}

static void send_image_event(int32_t image, int mode, const Str *url, uint32_t width, uint32_t height) {
  if (!g_events.image) return;
  write_line_start();
  buf_puts(&g_outbuf, ",\"event\":\"ImageRequestEvent\",\"target\":");
  buf_int(&g_outbuf, image);
  buf_puts(&g_outbuf, ",\"mode\":");
  buf_int(&g_outbuf, mode);
  if (url->n) { buf_puts(&g_outbuf, ",\"imageUrl\":"); buf_json_str(&g_outbuf, url); }
  buf_puts(&g_outbuf, ",\"sourceInternalId\":");
  buf_int(&g_outbuf, image);
  if (mode == 1) {
    if (width) { buf_puts(&g_outbuf, ",\"requestedWidth\":"); buf_int(&g_outbuf, width); }
    if (height) { buf_puts(&g_outbuf, ",\"requestedHeight\":"); buf_int(&g_outbuf, height); }
    buf_puts(&g_outbuf, ",\"requestedLevels\":1");
  }
  buf_puts(&g_outbuf, "}\n");
}

/* ---------------------------------------------------------------------------------------------
 * Requests (STATE_FORMAT.md §4.4).
 */
static void log_request(const char *kind, int32_t from, const char *text, size_t text_len) {
  Request *r;
  if (S.request_count == REQUEST_LOG) {
    r = &S.requests[S.request_first];
    str_free(&r->text);
    S.request_first = (S.request_first + 1) % REQUEST_LOG;
  } else {
    r = &S.requests[(S.request_first + S.request_count) % REQUEST_LOG];
    S.request_count++;
  }
  r->time = S.time;
  r->record = S.record;
  r->kind = kind;
  r->from = from;
  r->text = str_make(text, text_len);
}

/* ---------------------------------------------------------------------------------------------
 * The clock (PROTOCOL.md §2.1): timer ticks and toast expiries, earliest first, ties in
 * scheduling order.
 */
static bool clock_less(const ClockItem *a, const ClockItem *b) {
  return a->due < b->due || (a->due == b->due && a->seq < b->seq);
}
static void clock_push(double due, bool is_toast, uint64_t ref) {
  ClockItem item = { due, S.clock_seq++, is_toast, ref };
  VEC_PUSH(S.clock, item, "clock items");
  size_t i = S.clock.n - 1;
  while (i > 0) {
    size_t parent = (i - 1) / 2;
    if (!clock_less(&S.clock.v[i], &S.clock.v[parent])) break;
    ClockItem t = S.clock.v[i]; S.clock.v[i] = S.clock.v[parent]; S.clock.v[parent] = t;
    i = parent;
  }
}
static ClockItem clock_pop(void) {
  ClockItem top = S.clock.v[0];
  S.clock.v[0] = S.clock.v[--S.clock.n];
  size_t i = 0;
  for (;;) {
    size_t l = 2 * i + 1, r = l + 1, m = i;
    if (l < S.clock.n && clock_less(&S.clock.v[l], &S.clock.v[m])) m = l;
    if (r < S.clock.n && clock_less(&S.clock.v[r], &S.clock.v[m])) m = r;
    if (m == i) break;
    ClockItem t = S.clock.v[i]; S.clock.v[i] = S.clock.v[m]; S.clock.v[m] = t;
    i = m;
  }
  return top;
}

static Timer *timer_by_serial(uint64_t serial) {
  for (size_t i = 0; i < S.timers.n; i++) if (S.timers.v[i].serial == serial) return &S.timers.v[i];
  return NULL;
}
static size_t timer_index(int32_t id, bool *found) {
  size_t lo = 0, hi = S.timers.n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (S.timers.v[mid].id == id) { *found = true; return mid; }
    if (S.timers.v[mid].id < id) lo = mid + 1; else hi = mid;
  }
  *found = false;
  return lo;
}

static void advance_clock(double to) {
  uint64_t steps = 0;
  while (S.clock.n && S.clock.v[0].due <= to) {
    if (++steps > MAX_CLOCK_STEPS) die("more than %llu timer ticks and toast expiries in one step", (unsigned long long)MAX_CLOCK_STEPS);
    ClockItem item = clock_pop();
    if (item.due > S.time) S.time = item.due;
    if (item.is_toast) {
      for (size_t i = 0; i < S.toasts.n; i++) {
        if ((uint64_t)S.toasts.v[i].number != item.ref) continue;
        str_free(&S.toasts.v[i].text);
        memmove(S.toasts.v + i, S.toasts.v + i + 1, (S.toasts.n - i - 1) * sizeof *S.toasts.v);
        S.toasts.n--;
        break;
      }
    } else {
      Timer *t = timer_by_serial(item.ref);
      if (!t) continue; /* stopped */
      t->fired++;
      t->next_fire = item.due + t->interval;
      if (g_events.timer) {
        write_line_start();
        buf_puts(&g_outbuf, ",\"event\":\"TimerEvent\",\"target\":");
        buf_int(&g_outbuf, t->owner);
        buf_puts(&g_outbuf, ",\"id\":");
        buf_int(&g_outbuf, t->id);
        buf_puts(&g_outbuf, "}\n");
      }
      clock_push(t->next_fire, false, t->serial);
    }
  }
  if (to > S.time) S.time = to;
}

/* ---------------------------------------------------------------------------------------------
 * Elements: creation, lookup, deletion.
 */
static Element *new_element(int32_t id, Kind kind) {
  Element *e = calloc(1, sizeof *e);
  if (!e) out_of_memory();
  e->id = id;
  e->kind = kind;
  e->visible = kind != K_NAVIGATION_VIEW;
  e->text = str_make("", 0);
  e->text2 = str_make("", 0);
  e->error = str_make("", 0);
  e->file = str_make("", 0);
  e->requested = str_make("", 0);
  if (kind == K_IMAGE_VIEW) S.image_count++;
  map_insert(e);
  return e;
}

static void free_element(Element *e) {
  if (e->kind == K_IMAGE_VIEW) S.image_count--;
  VEC_FREE(e->children);
  str_free(&e->text); str_free(&e->text2); str_free(&e->error); str_free(&e->file); str_free(&e->requested);
  for (int s = 0; s < 6; s++) pairs_free(&e->styles[s]);
  for (size_t i = 0; i < e->options.n; i++) str_free(&e->options.v[i].label);
  VEC_FREE(e->options);
  for (size_t i = 0; i < e->links.n; i++) str_free(&e->links.v[i]);
  VEC_FREE(e->links);
  for (size_t i = 0; i < e->columns.n; i++) str_free(&e->columns.v[i].name);
  VEC_FREE(e->columns);
  for (size_t i = 0; i < e->sheets.n; i++) str_free(&e->sheets.v[i]);
  VEC_FREE(e->sheets);
  VEC_FREE(e->row_counts);
  for (size_t i = 0; i < e->cells.n; i++) str_free(&e->cells.v[i].text);
  VEC_FREE(e->cells);
  for (size_t i = 0; i < e->sources.n; i++) str_free(&e->sources.v[i].url);
  VEC_FREE(e->sources);
  free(e);
}

static void ids_remove_all(IdList *v, int32_t id) {
  size_t k = 0;
  for (size_t i = 0; i < v->n; i++) if (v->v[i] != id) v->v[k++] = v->v[i];
  v->n = k;
}
static bool ids_contains(const IdList *v, int32_t id) {
  for (size_t i = 0; i < v->n; i++) if (v->v[i] == id) return true;
  return false;
}
static void remove_child_id(Element *parent, int32_t child) {
  for (size_t i = 0; i < parent->children.n; i++)
    if (parent->children.v[i] == child) {
      memmove(parent->children.v + i, parent->children.v + i + 1, (parent->children.n - i - 1) * sizeof(int32_t));
      parent->children.n--;
      return;
    }
}

static void cancel_request(Element *e) {
  if (!e->has_request) return;
  send_image_event(e->id, 2, &e->requested, 0, 0);
  e->has_request = false;
  str_set(&e->requested, "", 0);
  e->requested_width = 0;
}

/* DELETE_ELEMENT (PROTOCOL.md §3 38). */
static void delete_element(int32_t id) {
  Element *e = find(id);
  if (!e) return;
  if (e->has_parent) {
    Element *p = find(e->parent);
    if (p) remove_child_id(p, id);
  }
  /* The element, then depth-first starting with the last child (the image CANCEL order). */
  IdList stack = { 0 };
  VEC_PUSH(stack, id, "elements");
  while (stack.n) {
    int32_t cur = stack.v[--stack.n];
    Element *x = find(cur);
    if (!x) continue;
    for (size_t i = 0; i < x->children.n; i++) VEC_PUSH(stack, x->children.v[i], "elements");
    if (x->kind == K_IMAGE_VIEW) cancel_request(x);
    /* Its timers stop. */
    size_t k = 0;
    for (size_t i = 0; i < S.timers.n; i++) if (S.timers.v[i].owner != cur) S.timers.v[k++] = S.timers.v[i];
    S.timers.n = k;
    ids_remove_all(&S.modals, cur);
    ids_remove_all(&S.history, cur);
    if (S.has_active && S.active == cur) S.has_active = false;
    if (S.has_drawer && S.drawer == cur) S.has_drawer = false;
    if (S.has_app && S.app == cur) S.has_app = false;
    map_remove(cur);
    free_element(x);
  }
  VEC_FREE(stack);
  S.images_dirty = true;
}

/* ---------------------------------------------------------------------------------------------
 * Views (PROTOCOL.md §2.4) and the drawer (§2.5).
 */
static void switch_view(int32_t view, bool back) {
  if (S.has_active && S.active == view) return;
  if (back) {
    if (S.history.n && S.history.v[S.history.n - 1] == view) S.history.n--;
  } else if (S.has_active) {
    VEC_PUSH(S.history, S.active, "history entries");
  }
  S.has_active = true;
  S.active = view;
  S.images_dirty = true;
}

static void set_visible(Element *e, bool visible) {
  bool was = e->visible;
  e->visible = visible;
  if (was != visible) S.images_dirty = true;
  if (S.has_drawer && S.drawer == e->id && was != visible && g_events.visibility) {
    write_line_start();
    buf_puts(&g_outbuf, ",\"event\":\"VisibilityEvent\",\"target\":");
    buf_int(&g_outbuf, e->id);
    buf_puts(&g_outbuf, visible ? ",\"visible\":true}\n" : ",\"visible\":false}\n");
  }
}

static void close_modal(Element *e, int32_t result) {
  ids_remove_all(&S.modals, e->id);
  e->has_modal_result = true;
  e->modal_result = result;
  S.images_dirty = true;
}

/* ---------------------------------------------------------------------------------------------
 * Images (PROTOCOL.md §5.2).
 */
static void add_source(Element *e, const char *url, size_t url_len, int32_t width, int32_t height) {
  Source s = { str_make(url, url_len), width, height };
  VEC_RESERVE(e->sources, "image sources");
  size_t i = e->sources.n;
  while (i > 0 && (e->sources.v[i - 1].width > width || (e->sources.v[i - 1].width == width && e->sources.v[i - 1].height > height))) i--;
  memmove(e->sources.v + i + 1, e->sources.v + i, (e->sources.n - i) * sizeof *e->sources.v);
  e->sources.v[i] = s;
  e->sources.n++;
}

/* A style value read as an integer, as a platform's numeric width/height (optional sign, digits). */
static bool style_int(const Element *e, const char *key, int64_t *out) {
  bool found;
  size_t i = pairs_find(&e->styles[0], key, strlen(key), &found);
  if (!found) return false;
  const Str *v = &e->styles[0].v[i].value;
  size_t k = 0;
  bool neg = false;
  if (k < v->n && (v->p[k] == '-' || v->p[k] == '+')) { neg = v->p[k] == '-'; k++; }
  if (k == v->n) return false;
  int64_t x = 0;
  for (; k < v->n; k++) {
    if (v->p[k] < '0' || v->p[k] > '9') return false;
    x = x * 10 + (v->p[k] - '0');
    if (x > (int64_t)INT32_MAX + neg) return false; /* an Int32: -2147483648 ... 2147483647 */
  }
  *out = neg ? -x : x;
  return true;
}

/* Whether the element is displayed (PROTOCOL.md §2.5). */
static bool is_displayed(const Element *e) {
  const Element *cur = e;
  for (size_t guard = 0; guard <= MAX_ELEMENTS; guard++) {
    if (!cur->visible) return false;
    if (is_view(cur->kind)) return S.has_active && S.active == cur->id;
    if (S.has_drawer && S.drawer == cur->id) return true; /* visible = open */
    if (is_modal_kind(cur->kind) && ids_contains(&S.modals, cur->id)) return true;
    if (!cur->has_parent) return false;
    const Element *p = find(cur->parent);
    if (!p) return false;
    if (is_paged(p->kind)) {
      if (p->value < 0 || (size_t)p->value >= p->children.n || p->children.v[p->value] != cur->id) return false;
    }
    cur = p;
  }
  return false;
}

static void evaluate_image(Element *e) {
  if (e->released || !is_displayed(e)) return;
  if (e->has_file && e->sources.n == 0) {
    cancel_request(e);
    return;
  }
  int64_t styled;
  bool known = false;
  int64_t target = 0;
  if (style_int(e, "width", &styled)) { target = styled; known = true; }
  else if (S.viewport_width > 0) { target = S.viewport_width; known = true; }
  const Source *pick = NULL;
  if (e->sources.n) {
    if (known) {
      for (size_t i = 0; i < e->sources.n; i++)
        if ((double)e->sources.v[i].width >= 0.75 * (double)target) { pick = &e->sources.v[i]; break; }
    }
    if (!pick) pick = &e->sources.v[e->sources.n - 1];
  }
  int64_t width = known ? target : pick ? pick->width : 0;
  int64_t height = 0;
  if (style_int(e, "height", &styled)) height = styled;
  else if (!known && pick) height = pick->height;
  /* The event's fields are unsigned: a negative numeric style asks for 0. */
  uint32_t rw = width < 0 ? 0 : (uint32_t)width, rh = height < 0 ? 0 : (uint32_t)height;
  Str none = { (char *)"", 0 };
  const Str *url = pick ? &pick->url : &none;
  if (e->has_request && bytes_cmp(e->requested.p, e->requested.n, url->p, url->n) == 0 && e->requested_width == rw) return;
  cancel_request(e);
  send_image_event(e->id, 1, url, rw, rh);
  e->has_request = true;
  str_set(&e->requested, url->p, url->n);
  e->requested_width = rw;
}

static int id_cmp(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return x < y ? -1 : x > y;
}

/* At the end of every record: image views that may have changed, in ascending id order. */
static void evaluate_images(void) {
  if (!S.image_count || (!S.images_dirty && !S.some_image_dirty)) {
    S.images_dirty = S.some_image_dirty = false;
    return;
  }
  IdList ids = { 0 };
  for (size_t i = 0; i < g_map.cap; i++) {
    Element *e = g_map.slots[i];
    if (e && e->kind == K_IMAGE_VIEW && (S.images_dirty || e->dirty_image)) VEC_PUSH(ids, e->id, "image views");
  }
  if (ids.n > 1) qsort(ids.v, ids.n, sizeof *ids.v, id_cmp);
  for (size_t i = 0; i < ids.n; i++) {
    Element *e = find(ids.v[i]);
    if (!e) continue;
    e->dirty_image = false;
    evaluate_image(e);
  }
  VEC_FREE(ids);
  S.images_dirty = S.some_image_dirty = false;
}

/* ---------------------------------------------------------------------------------------------
 * Commands (PROTOCOL.md §3).
 */
typedef struct {
  int type;
  int32_t id, child, value, row, column, width, height;
  int32_t sheet;
  uint32_t flags;
  const char *t1, *t2;
  size_t t1n, t2n;
} Command;

static void create_element(const Command *c, Kind kind) {
  if (c->child == 0) return;        /* missing-id */
  if (find(c->child)) return;       /* duplicate-create */
  if (c->child == c->id) return;    /* cycle */
  int32_t parent_id = c->id;
  if ((kind == K_FRAME_VIEW || kind == K_OPENGL_VIEW || kind == K_NAVIGATION_VIEW) && S.has_app) parent_id = S.app;
  Element *parent = find(parent_id); /* none: unknown-parent, created detached */
  Element *e = new_element(c->child, kind);
  e->flags = c->flags;
  if (kind == K_IMAGE_VIEW) {
    if (c->t1n >= 7 && (strncmp(c->t1, "http://", 7) == 0 || (c->t1n >= 8 && strncmp(c->t1, "https://", 8) == 0)))
      add_source(e, c->t1, c->t1n, c->width, c->height);
    else if (c->t1n) { e->has_file = true; str_set(&e->file, c->t1, c->t1n); }
    str_set(&e->text2, c->t2, c->t2n);
    e->dirty_image = S.some_image_dirty = true;
  } else {
    str_set(&e->text, c->t1, c->t1n);
    str_set(&e->text2, c->t2, c->t2n);
    if (kind == K_TABLE_LAYOUT || kind == K_PAGE_CONTROL) e->count = c->value;
    else e->value = c->value;
  }
  if (parent) {
    e->has_parent = true;
    e->parent = parent_id;
    VEC_PUSH(parent->children, e->id, "children");
  }
  if (kind == K_NAVIGATION_VIEW && !S.has_drawer) { S.has_drawer = true; S.drawer = e->id; }
  if (is_modal_kind(kind)) VEC_PUSH(S.modals, e->id, "open dialogs");
  if (is_view(kind) && !S.has_active) { S.has_active = true; S.active = e->id; S.images_dirty = true; }
}

static void apply_command(const Command *c) {
  int kind = creation_kind(c->type);
  if (kind >= 0) { create_element(c, (Kind)kind); return; }
  Element *e;
  switch (c->type) {
  case CREATE_APPLICATION:
    if (S.has_app || c->child == 0 || find(c->child)) return; /* duplicate-application, missing-id, duplicate-create */
    e = new_element(c->child, K_APPLICATION);
    str_set(&e->text, c->t1, c->t1n);
    str_set(&e->text2, c->t2, c->t2n);
    e->flags = c->flags;
    S.has_app = true;
    S.app = c->child;
    return;
  case CREATE_LINK:
    if (!(e = find(c->id)) || e->kind != K_TEXT) return; /* unknown-target, unsupported-target */
    VEC_PUSH(e->links, str_make(c->t1, c->t1n), "links");
    return;
  case CREATE_TOAST: {
    if (S.toasts.n >= MAX_TOASTS) die("too many toasts on screen (more than %zu)", (size_t)MAX_TOASTS);
    Toast t = { ++S.toast_count, str_make(c->t1, c->t1n), c->id, S.time, S.time + (c->value == 1 ? 3500 : 2000) };
    VEC_PUSH(S.toasts, t, "toasts");
    clock_push(t.expires_at, true, (uint64_t)t.number);
    return;
  }
  case CREATE_TIMER: {
    if (c->child == 0) return; /* missing-timer-id */
    bool found;
    size_t i = timer_index(c->child, &found);
    if (found || c->value <= 0) return; /* duplicate-timer, invalid-timer-interval */
    if (S.timers.n >= MAX_TIMERS) die("too many running timers (more than %zu)", (size_t)MAX_TIMERS);
    Timer t = { c->child, c->id, c->value, S.time + c->value, 0, ++S.timer_serial };
    VEC_RESERVE(S.timers, "timers");
    memmove(S.timers.v + i + 1, S.timers.v + i, (S.timers.n - i) * sizeof *S.timers.v);
    S.timers.v[i] = t;
    S.timers.n++;
    clock_push(t.next_fire, false, t.serial);
    return;
  }
  case DELETE_ELEMENT:
    delete_element(c->id);
    return;
  case REMOVE_CHILD: {
    Element *p = find(c->id), *ch = find(c->child);
    if (!p || !ch) return;                                 /* unknown-target */
    if (!ch->has_parent || ch->parent != c->id) return;    /* remove-non-child */
    remove_child_id(p, c->child);
    ch->has_parent = false;
    if (is_modal_kind(ch->kind)) ids_remove_all(&S.modals, ch->id);
    S.images_dirty = true;
    return;
  }
  case REORDER_CHILD: {
    Element *p = find(c->id), *ch = find(c->child);
    if (!p) return;                                            /* unknown-target */
    if (!ch || !ch->has_parent || ch->parent != c->id) return; /* reorder-non-child */
    remove_child_id(p, c->child);
    size_t at = c->value < 0 ? 0 : (size_t)c->value > p->children.n ? p->children.n : (size_t)c->value;
    VEC_RESERVE(p->children, "children");
    memmove(p->children.v + at + 1, p->children.v + at, (p->children.n - at) * sizeof(int32_t));
    p->children.v[at] = c->child;
    p->children.n++;
    S.images_dirty = true; /* a pager's page may have changed */
    return;
  }
  case HISTORY_GO_BACK:
    if (!S.history.n) return;
    S.active = S.history.v[--S.history.n];
    S.has_active = true;
    S.images_dirty = true;
    return;
  case CLEAR:
    if (!(e = find(c->id))) return;
    if (e->kind == K_IMAGE_VIEW) {
      cancel_request(e);
      for (size_t i = 0; i < e->sources.n; i++) str_free(&e->sources.v[i].url);
      e->sources.n = 0;
      e->has_file = false;
      str_set(&e->file, "", 0);
      e->dirty_image = S.some_image_dirty = true;
    } else if (is_list(e->kind)) {
      for (size_t i = 0; i < e->sheets.n; i++) str_free(&e->sheets.v[i]);
      e->sheets.n = 0;
      e->row_counts.n = 0;
      for (size_t i = 0; i < e->cells.n; i++) str_free(&e->cells.v[i].text);
      e->cells.n = 0;
    } else if (e->kind == K_PICKER || e->kind == K_ACTION_SHEET || e->kind == K_SEGMENTED_CONTROL || e->kind == K_RADIO_GROUP) {
      for (size_t i = 0; i < e->options.n; i++) str_free(&e->options.v[i].label);
      e->options.n = 0;
    } else {
      str_set(&e->text, "", 0);
    }
    return;
  case RELEASE:
    if (!(e = find(c->id)) || e->kind != K_IMAGE_VIEW) return;
    cancel_request(e);
    e->released = true;
    return;
  case SET_INT_VALUE:
    if (!(e = find(c->id))) return;
    if (e->kind == K_APPLICATION) {
      Element *view = find(c->child);
      if (!view || !is_view(view->kind)) return; /* unknown-target, not-a-view */
      switch_view(c->child, c->value == 3);
    } else if (is_view(e->kind) && c->value >= 1 && c->value <= 3) {
      switch_view(c->id, c->value == 3);
    } else {
      e->value = c->value;
      if (is_paged(e->kind)) S.images_dirty = true;
    }
    return;
  case SET_TEXT_VALUE:
    if (!(e = find(c->id))) return;
    if (e->kind == K_IMAGE_VIEW) {
      e->has_file = c->t1n > 0;
      str_set(&e->file, c->t1, c->t1n);
      e->dirty_image = S.some_image_dirty = true;
      return;
    }
    str_set(&e->text, c->t1, c->t1n);
    if (e->kind == K_ACTION_BAR) str_set(&e->text2, c->t2, c->t2n);
    return;
  case SET_TEXT_DATA: {
    if (!(e = find(c->id)) || !is_list(e->kind)) return;
    size_t lo = 0, hi = e->cells.n;
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      const Cell *x = &e->cells.v[mid];
      int cmp = x->sheet != c->sheet ? (x->sheet < c->sheet ? -1 : 1)
              : x->row != c->row ? (x->row < c->row ? -1 : 1)
              : x->column != c->column ? (x->column < c->column ? -1 : 1) : 0;
      if (cmp == 0) { str_set(&e->cells.v[mid].text, c->t1, c->t1n); return; }
      if (cmp < 0) lo = mid + 1; else hi = mid;
    }
    VEC_RESERVE(e->cells, "cells");
    memmove(e->cells.v + lo + 1, e->cells.v + lo, (e->cells.n - lo) * sizeof *e->cells.v);
    e->cells.v[lo] = (Cell){ c->sheet, c->row, c->column, str_make(c->t1, c->t1n) };
    e->cells.n++;
    return;
  }
  case SET_VISIBILITY:
    if (!(e = find(c->id))) return;
    set_visible(e, c->value != 0);
    return;
  case SET_STYLE:
    if (c->value < 0 || c->value > 5 || c->t1n == 0) return; /* invalid-selector, empty-style-key */
    if (!(e = find(c->id))) return;
    pairs_set(&e->styles[c->value], c->t1, c->t1n, c->t2, c->t2n);
    if (e->kind == K_IMAGE_VIEW && c->t1n == 5 && memcmp(c->t1, "width", 5) == 0) e->dirty_image = S.some_image_dirty = true;
    return;
  case SET_ERROR:
    if (!(e = find(c->id))) return;
    e->has_error = c->value != 0;
    str_set(&e->error, e->has_error ? c->t1 : "", e->has_error ? c->t1n : 0);
    return;
  case ADD_IMAGE_URL:
    if (!(e = find(c->id)) || e->kind != K_IMAGE_VIEW) return;
    add_source(e, c->t1, c->t1n, c->width, c->height);
    e->released = false;
    e->dirty_image = S.some_image_dirty = true;
    return;
  case UPDATE_PREFERENCE:
    strset_add(&S.pending_deletions, c->t1, c->t1n, false);
    pairs_set(&S.pending_updates, c->t1, c->t1n, c->t2, c->t2n);
    return;
  case DELETE_PREFERENCE:
    pairs_remove(&S.pending_updates, c->t1, c->t1n);
    strset_add(&S.pending_deletions, c->t1, c->t1n, true);
    return;
  case COMMIT_PREFERENCES:
    for (size_t i = 0; i < S.pending_deletions.n; i++) {
      pairs_remove(&S.committed, S.pending_deletions.v[i].p, S.pending_deletions.v[i].n);
      str_free(&S.pending_deletions.v[i]);
    }
    S.pending_deletions.n = 0;
    for (size_t i = 0; i < S.pending_updates.n; i++) {
      Pair *p = &S.pending_updates.v[i];
      pairs_set(&S.committed, p->key.p, p->key.n, p->value.p, p->value.n);
    }
    pairs_free(&S.pending_updates);
    return;
  case ADD_OPTION:
    if (!(e = find(c->id))) return;
    VEC_PUSH(e->options, ((Option){ c->value, str_make(c->t1, c->t1n) }), "options");
    return;
  case ADD_SHEET:
    if (!(e = find(c->id)) || !is_list(e->kind)) return;
    VEC_PUSH(e->sheets, str_make(c->t1, c->t1n), "sheets");
    return;
  case ADD_COLUMN:
    if (!(e = find(c->id))) return;
    if (is_list(e->kind)) VEC_PUSH(e->columns, ((Column){ str_make(c->t1, c->t1n), c->value }), "columns");
    else if (e->kind == K_ACTION_BAR) VEC_PUSH(e->options, ((Option){ c->value, str_make(c->t1, c->t1n) }), "options");
    return;
  case RESHAPE_TABLE:
    if (!(e = find(c->id))) return;
    if (is_list(e->kind)) {
      int32_t keep = c->value < 0 ? 0 : c->value;
      while (e->sheets.n > (size_t)keep) str_free(&e->sheets.v[--e->sheets.n]);
      size_t k = 0;
      for (size_t i = 0; i < e->row_counts.n; i++) if (e->row_counts.v[i].sheet < keep) e->row_counts.v[k++] = e->row_counts.v[i];
      e->row_counts.n = k;
      k = 0;
      for (size_t i = 0; i < e->cells.n; i++) {
        if (e->cells.v[i].sheet < keep) e->cells.v[k++] = e->cells.v[i];
        else str_free(&e->cells.v[i].text);
      }
      e->cells.n = k;
    } else if (e->kind == K_PAGE_CONTROL) {
      e->count = c->value;
    }
    return;
  case RESHAPE_SHEET: {
    if (!(e = find(c->id)) || !is_list(e->kind)) return;
    int32_t rows = c->value < 0 ? 0 : c->value;
    size_t i = 0;
    while (i < e->row_counts.n && e->row_counts.v[i].sheet < c->sheet) i++;
    if (i < e->row_counts.n && e->row_counts.v[i].sheet == c->sheet) {
      e->row_counts.v[i].rows = rows;
    } else {
      VEC_RESERVE(e->row_counts, "sheets");
      memmove(e->row_counts.v + i + 1, e->row_counts.v + i, (e->row_counts.n - i) * sizeof *e->row_counts.v);
      e->row_counts.v[i] = (RowCount){ c->sheet, rows };
      e->row_counts.n++;
    }
    size_t k = 0;
    for (size_t j = 0; j < e->cells.n; j++) {
      if (e->cells.v[j].sheet != c->sheet || e->cells.v[j].row < rows) e->cells.v[k++] = e->cells.v[j];
      else str_free(&e->cells.v[j].text);
    }
    e->cells.n = k;
    return;
  }
  case STOP:
    if ((e = find(c->id))) e->stopped = true;
    return;
  case QUIT_APP:
    S.quit = true;
    log_request("quit", c->id, "", 0);
    return;
  case LAUNCH_BROWSER: log_request("launch-browser", c->id, c->t1, c->t1n); return;
  case SHARE_LINK: log_request("share-link", c->id, c->t1, c->t1n); return;
  case SELECT_FROM_GALLERY: log_request("select-from-gallery", c->id, "", 0); return;
  case LIST_PRODUCTS: log_request("list-products", c->id, c->t1, c->t1n); return;
  case BUY_PRODUCT: log_request("buy-product", c->id, c->t1, c->t1n); return;
  case LIST_PURCHASES: log_request("list-purchases", c->id, "", 0); return;
  case CONSUME_PURCHASE: log_request("consume-purchase", c->id, c->t1, c->t1n); return;
  case SHOW_NETWORK_ACTIVITY:
    S.network_activity = c->value != 0;
    log_request("network-activity", c->id, c->value ? "on" : "off", c->value ? 2 : 3);
    return;
  default:
    /* FLUSH_VIEW, SET_INT_DATA, SET_SHAPE and the old names that make nothing: accepted, no effect. */
    return;
  }
}

/* ---------------------------------------------------------------------------------------------
 * Reading records (TRACE_FORMAT.md §4–§6).
 */
static size_t g_line_no;

static int32_t get_int(const JVal *v, const char *what, long long lo, long long hi) {
  if (v->type != J_NUM || !v->is_int) die("line %zu: %s must be an integer", g_line_no, what);
  if (!v->ival_ok || v->ival < lo || v->ival > hi) die("line %zu: %s is out of range", g_line_no, what);
  return (int32_t)v->ival;
}
static uint32_t get_uint32(const JVal *v, const char *what) {
  if (v->type != J_NUM || !v->is_int) die("line %zu: %s must be an integer", g_line_no, what);
  if (!v->ival_ok || v->ival < 0 || v->ival > 4294967295LL) die("line %zu: %s is out of range", g_line_no, what);
  return (uint32_t)v->ival;
}
static void get_str(const JVal *v, const char *what, const char **p, size_t *n) {
  if (v->type != J_STR) die("line %zu: %s must be a string", g_line_no, what);
  *p = v->s;
  *n = v->n;
}

static int command_type(const char *name, size_t n) {
  for (int i = 0; i < COMMAND_TYPE_COUNT; i++)
    if (strlen(command_names[i]) == n && memcmp(command_names[i], name, n) == 0) return i;
  return -1;
}

/* One command from an object's members; `skip` names the record-level key to pass over ("t"). */
static void read_command(const JVal *o, Command *c, bool in_batch) {
  memset(c, 0, sizeof *c);
  c->type = -1;
  c->t1 = c->t2 = "";
  for (size_t i = 0; i < o->n; i++) {
    const char *k = o->members[i].key;
    const JVal *v = o->members[i].val;
    if (strcmp(k, "t") == 0 && !in_batch) continue;
    if (strlen(k) != o->members[i].klen) die("line %zu: a command has a key with a NUL byte", g_line_no);
    if (strcmp(k, "type") == 0) {
      const char *name;
      size_t n;
      get_str(v, "a command's \"type\"", &name, &n);
      c->type = command_type(name, n);
      if (c->type < 0) die("line %zu: unknown command type \"%.*s\"", g_line_no, (int)(n > 64 ? 64 : n), name);
    } else if (strcmp(k, "internalId") == 0) c->id = get_int(v, "internalId", INT32_MIN, INT32_MAX);
    else if (strcmp(k, "childInternalId") == 0) c->child = get_int(v, "childInternalId", INT32_MIN, INT32_MAX);
    else if (strcmp(k, "value") == 0) c->value = get_int(v, "value", INT32_MIN, INT32_MAX);
    else if (strcmp(k, "key") == 0) { const char *p; size_t n; get_str(v, "key", &p, &n); }
    else if (strcmp(k, "textValue") == 0) get_str(v, "textValue", &c->t1, &c->t1n);
    else if (strcmp(k, "textValue2") == 0) get_str(v, "textValue2", &c->t2, &c->t2n);
    else if (strcmp(k, "row") == 0) c->row = get_int(v, "row", INT32_MIN, INT32_MAX);
    else if (strcmp(k, "column") == 0) c->column = get_int(v, "column", INT32_MIN, INT32_MAX);
    else if (strcmp(k, "sheet") == 0) c->sheet = get_int(v, "sheet", 0, 65535);
    else if (strcmp(k, "width") == 0) c->width = get_int(v, "width", INT32_MIN, INT32_MAX);
    else if (strcmp(k, "height") == 0) c->height = get_int(v, "height", INT32_MIN, INT32_MAX);
    else if (strcmp(k, "flags") == 0) c->flags = get_uint32(v, "flags");
    else die("line %zu: a command has no field \"%.*s\"", g_line_no, (int)(o->members[i].klen > 64 ? 64 : o->members[i].klen), k);
  }
  if (c->type < 0) die("line %zu: a command without \"type\"", g_line_no);
}

/* Reads cmdtool's header; false when the case needs what ctestee has not: a header naming a widget
 * schema (CONFORMANCE.md §1.2) is answered unsupported, and the session ends there. */
static bool read_header(const JVal *o) {
  for (size_t i = 0; i < o->n; i++) {
    const char *k = o->members[i].key;
    const JVal *v = o->members[i].val;
    if (strcmp(k, "trace") == 0) {
      if (get_int(v, "the header's \"trace\"", INT32_MIN, INT32_MAX) != 1) die("line %zu: trace version %lld is not 1", g_line_no, v->ival);
    } else if (strcmp(k, "viewport") == 0) {
      if (v->type != J_OBJ) die("line %zu: the viewport must be an object", g_line_no);
      const JVal *w = obj_get(v, "width"), *h = obj_get(v, "height"), *s = obj_get(v, "scale");
      if (w) S.viewport_width = get_int(w, "the viewport width", INT32_MIN, INT32_MAX);
      if (h) S.viewport_height = get_int(h, "the viewport height", INT32_MIN, INT32_MAX);
      if (s && (s->type != J_NUM || s->num < 0)) die("line %zu: the viewport scale must be a number, not negative", g_line_no);
    } else if (strcmp(k, "preferences") == 0) {
      if (v->type != J_OBJ) die("line %zu: the preferences must be an object", g_line_no);
      for (size_t j = 0; j < v->n; j++) {
        const char *p;
        size_t n;
        get_str(v->members[j].val, "a preference", &p, &n);
        pairs_set(&S.committed, v->members[j].key, v->members[j].klen, p, n);
      }
    } else if (strcmp(k, "widgets") == 0) {
      /* The case's custom commands belong to a widget schema: ctestee loads none, so it has no
       * custom widgets and cannot read the case's commands. */
      send_unsupported("ctestee has no custom widgets: it loads no widget schema");
      return false;
    }
    /* numbering, created, creator and keys of later versions: not needed */
  }
  return true;
}

/* ---------------------------------------------------------------------------------------------
 * The user's requests (CONFORMANCE.md §1.3, §1.4).
 */
/* Reads a decimal int32 at *p (optional '-'); advances *p. */
static bool read_int32(const char **p, const char *end, int32_t *out) {
  const char *s = *p;
  bool neg = false;
  if (s < end && *s == '-') { neg = true; s++; }
  if (s >= end || *s < '0' || *s > '9') return false;
  long long x = 0;
  while (s < end && *s >= '0' && *s <= '9') {
    x = x * 10 + (*s - '0');
    if (x > 2147483648LL) return false;
    s++;
  }
  if (neg) x = -x;
  if (x > INT32_MAX || x < INT32_MIN) return false;
  *out = (int32_t)x;
  *p = s;
  return true;
}

/* The effect of a ValueEvent on the platform's own state (PROTOCOL.md §4.1). */
static void apply_value_event(Element *e, int32_t value, const char *text, size_t text_len) {
  if (is_text_input(e->kind)) str_set(&e->text, text, text_len);
  else if (S.has_drawer && S.drawer == e->id) e->visible = value != 0;
  else if (is_modal_kind(e->kind) && ids_contains(&S.modals, e->id)) close_modal(e, value);
  else if (takes_event_value(e->kind)) {
    e->value = value;
    if (is_paged(e->kind)) S.images_dirty = true;
  }
  if (S.has_drawer && S.drawer == e->id) S.images_dirty = true;
}

static void send_state(void);

static void handle_request(const char *label, size_t label_len, const char *detail, size_t dn) {
  const char *p = detail, *end = detail + dn;
  int32_t id, arg;
  Element *e;
  char why[160];
#define LABEL_IS(s) (label_len == strlen(s) && memcmp(label, s, label_len) == 0)
  if (LABEL_IS("sync")) {
    send_marker("sync", detail, dn);
    out_flush();
    return;
  }
  if (LABEL_IS("advance")) return; /* the clock already ran to the record's time */
  if (LABEL_IS("state")) {
    send_state();
    return;
  }
  if (LABEL_IS("back")) {
    if (g_events.user) {
      write_line_start();
      buf_puts(&g_outbuf, ",\"event\":\"SysEvent\",\"target\":");
      buf_int(&g_outbuf, S.has_app ? S.app : 0);
      buf_puts(&g_outbuf, ",\"type\":3}\n");
    }
    return;
  }
  if (LABEL_IS("tap")) {
    if (!read_int32(&p, end, &id) || p != end) { send_error("tap: the detail is not an element id"); return; }
    if (!(e = find(id))) { snprintf(why, sizeof why, "tap: there is no element %d", id); send_error(why); return; }
    int32_t value = 1;
    if (e->kind == K_SWITCH || e->kind == K_CHECKBOX) value = e->value == 0 ? 1 : 0;
    send_value_event(id, true, value, NULL, 0);
    apply_value_event(e, value, "", 0);
    return;
  }
  if (LABEL_IS("type")) {
    if (!read_int32(&p, end, &id) || (p != end && *p != ' ')) { send_error("type: the detail is not ID TEXT"); return; }
    if (p != end) p++; /* the one space; the rest, verbatim, is the text */
    if (!(e = find(id))) { snprintf(why, sizeof why, "type: there is no element %d", id); send_error(why); return; }
    if (!is_text_input(e->kind)) {
      snprintf(why, sizeof why, "type: element %d is a %s, not a text field, text view or search bar", id, kind_names[e->kind]);
      send_error(why);
      return;
    }
    send_value_event(id, false, 0, p, (size_t)(end - p));
    apply_value_event(e, 0, p, (size_t)(end - p));
    return;
  }
  if (LABEL_IS("select") || LABEL_IS("choose")) {
    bool select = LABEL_IS("select");
    if (!read_int32(&p, end, &id) || p == end || *p != ' ' || (++p, !read_int32(&p, end, &arg)) || p != end) {
      send_error(select ? "select: the detail is not ID INDEX" : "choose: the detail is not ID OPTION");
      return;
    }
    if (!(e = find(id))) { snprintf(why, sizeof why, "%s: there is no element %d", select ? "select" : "choose", id); send_error(why); return; }
    if (select) {
      if (!is_selectable(e->kind)) {
        snprintf(why, sizeof why, "select: element %d is a %s, which has nothing to select", id, kind_names[e->kind]);
        send_error(why);
        return;
      }
      send_value_event(id, true, arg, NULL, 0);
      apply_value_event(e, arg, "", 0);
    } else {
      if (!is_modal_kind(e->kind) || !ids_contains(&S.modals, id)) {
        snprintf(why, sizeof why, "choose: element %d is not an open dialog or action sheet", id);
        send_error(why);
        return;
      }
      if (g_events.user) {
        write_line_start();
        buf_puts(&g_outbuf, ",\"modal\":");
        buf_int(&g_outbuf, id);
        buf_puts(&g_outbuf, ",\"value\":");
        buf_int(&g_outbuf, arg);
        buf_puts(&g_outbuf, "}\n");
      }
      close_modal(e, arg);
    }
    return;
  }
  snprintf(why, sizeof why, "ctestee does not know the request \"%.*s\"", (int)(label_len > 64 ? 64 : label_len), label);
  send_unsupported(why);
#undef LABEL_IS
}

/* ---------------------------------------------------------------------------------------------
 * The snapshot (STATE_FORMAT.md).
 */
static void snap_ids(Buf *b, const int32_t *ids, size_t n) {
  buf_putc(b, '[');
  for (size_t i = 0; i < n; i++) { if (i) buf_putc(b, ','); buf_int(b, ids[i]); }
  buf_putc(b, ']');
}
static void snap_pairs(Buf *b, const PairList *l) {
  buf_putc(b, '{');
  for (size_t i = 0; i < l->n; i++) {
    if (i) buf_putc(b, ',');
    buf_json_str(b, &l->v[i].key);
    buf_putc(b, ':');
    buf_json_str(b, &l->v[i].value);
  }
  buf_putc(b, '}');
}

static void snap_element(Buf *b, const Element *e) {
  static const char *const selectors[6] = { "NORMAL", "ACTIVE", "HOVER", "SELECTED", "DISABLED", "LINK" };
  buf_puts(b, "{\"kind\":\"");
  buf_puts(b, kind_names[e->kind]);
  buf_putc(b, '"');
  if (e->has_parent) { buf_puts(b, ",\"parent\":"); buf_int(b, e->parent); }
  if (e->children.n) { buf_puts(b, ",\"children\":"); snap_ids(b, e->children.v, e->children.n); }
  if (e->text.n) { buf_puts(b, ",\"text\":"); buf_json_str(b, &e->text); }
  if (e->text2.n) { buf_puts(b, ",\"secondaryText\":"); buf_json_str(b, &e->text2); }
  if (e->value) { buf_puts(b, ",\"value\":"); buf_int(b, e->value); }
  if (e->count) { buf_puts(b, ",\"count\":"); buf_int(b, e->count); }
  if (!e->visible) buf_puts(b, ",\"hidden\":true");
  if (e->has_error) { buf_puts(b, ",\"error\":"); buf_json_str(b, &e->error); }
  if (e->flags) { buf_puts(b, ",\"flags\":"); buf_int(b, e->flags); }
  bool any_style = false;
  for (int s = 0; s < 6; s++) any_style |= e->styles[s].n > 0;
  if (any_style) {
    buf_puts(b, ",\"styles\":{");
    bool first = true;
    for (int s = 0; s < 6; s++) {
      if (!e->styles[s].n) continue;
      if (!first) buf_putc(b, ',');
      first = false;
      buf_putc(b, '"');
      buf_puts(b, selectors[s]);
      buf_puts(b, "\":");
      snap_pairs(b, &e->styles[s]);
    }
    buf_putc(b, '}');
  }
  if (e->options.n) {
    buf_puts(b, ",\"options\":[");
    for (size_t i = 0; i < e->options.n; i++) {
      if (i) buf_putc(b, ',');
      buf_puts(b, "{\"id\":");
      buf_int(b, e->options.v[i].id);
      buf_puts(b, ",\"label\":");
      buf_json_str(b, &e->options.v[i].label);
      buf_putc(b, '}');
    }
    buf_putc(b, ']');
  }
  if (e->links.n) {
    buf_puts(b, ",\"links\":[");
    for (size_t i = 0; i < e->links.n; i++) { if (i) buf_putc(b, ','); buf_json_str(b, &e->links.v[i]); }
    buf_putc(b, ']');
  }
  if (is_list(e->kind) && (e->columns.n || e->sheets.n || e->row_counts.n || e->cells.n)) {
    buf_puts(b, ",\"list\":{");
    bool first = true;
    if (e->columns.n) {
      buf_puts(b, "\"columns\":[");
      for (size_t i = 0; i < e->columns.n; i++) {
        if (i) buf_putc(b, ',');
        buf_puts(b, "{\"name\":");
        buf_json_str(b, &e->columns.v[i].name);
        if (e->columns.v[i].type) { buf_puts(b, ",\"type\":"); buf_int(b, e->columns.v[i].type); }
        buf_putc(b, '}');
      }
      buf_putc(b, ']');
      first = false;
    }
    if (e->sheets.n) {
      if (!first) buf_putc(b, ',');
      buf_puts(b, "\"sheets\":[");
      for (size_t i = 0; i < e->sheets.n; i++) { if (i) buf_putc(b, ','); buf_json_str(b, &e->sheets.v[i]); }
      buf_putc(b, ']');
      first = false;
    }
    if (e->row_counts.n) {
      if (!first) buf_putc(b, ',');
      buf_puts(b, "\"rowCounts\":{");
      for (size_t i = 0; i < e->row_counts.n; i++) {
        if (i) buf_putc(b, ',');
        buf_putc(b, '"');
        buf_int(b, e->row_counts.v[i].sheet);
        buf_puts(b, "\":");
        buf_int(b, e->row_counts.v[i].rows);
      }
      buf_putc(b, '}');
      first = false;
    }
    if (e->cells.n) {
      if (!first) buf_putc(b, ',');
      buf_puts(b, "\"cells\":[");
      for (size_t i = 0; i < e->cells.n; i++) {
        const Cell *x = &e->cells.v[i];
        if (i) buf_putc(b, ',');
        buf_putc(b, '[');
        buf_int(b, x->sheet); buf_putc(b, ',');
        buf_int(b, x->row); buf_putc(b, ',');
        buf_int(b, x->column); buf_putc(b, ',');
        buf_json_str(b, &x->text);
        buf_putc(b, ']');
      }
      buf_putc(b, ']');
    }
    buf_putc(b, '}');
  }
  if (e->kind == K_IMAGE_VIEW && (e->sources.n || e->has_file || e->has_request || e->released)) {
    buf_puts(b, ",\"image\":{");
    bool first = true;
    if (e->sources.n) {
      buf_puts(b, "\"sources\":[");
      for (size_t i = 0; i < e->sources.n; i++) {
        if (i) buf_putc(b, ',');
        buf_puts(b, "{\"url\":");
        buf_json_str(b, &e->sources.v[i].url);
        buf_puts(b, ",\"width\":");
        buf_int(b, e->sources.v[i].width);
        buf_puts(b, ",\"height\":");
        buf_int(b, e->sources.v[i].height);
        buf_putc(b, '}');
      }
      buf_putc(b, ']');
      first = false;
    }
    if (e->has_file) {
      if (!first) buf_putc(b, ',');
      buf_puts(b, "\"file\":");
      buf_json_str(b, &e->file);
      first = false;
    }
    if (e->has_request) {
      if (!first) buf_putc(b, ',');
      buf_puts(b, "\"requested\":");
      buf_json_str(b, &e->requested);
      if (e->requested_width) { buf_puts(b, ",\"requestedWidth\":"); buf_int(b, e->requested_width); }
      first = false;
    }
    if (e->released) {
      if (!first) buf_putc(b, ',');
      buf_puts(b, "\"released\":true");
    }
    buf_putc(b, '}');
  }
  if (e->stopped) buf_puts(b, ",\"stopped\":true");
  if (e->has_modal_result) { buf_puts(b, ",\"modalResult\":"); buf_int(b, e->modal_result); }
  buf_putc(b, '}');
}

static void send_state(void) {
  static Buf b;
  b.n = 0;
  IdList ids = { 0 };
  for (size_t i = 0; i < g_map.cap; i++) if (g_map.slots[i]) VEC_PUSH(ids, g_map.slots[i]->id, "elements");
  if (ids.n > 1) qsort(ids.v, ids.n, sizeof *ids.v, id_cmp);

  buf_puts(&b, "{\n  \"version\": 1,\n  \"time\": ");
  buf_number(&b, S.time);
  buf_puts(&b, ",\n");
  if (S.has_app) { buf_puts(&b, "  \"application\": "); buf_int(&b, S.app); buf_puts(&b, ",\n"); }
  if (S.has_active) { buf_puts(&b, "  \"activeView\": "); buf_int(&b, S.active); buf_puts(&b, ",\n"); }
  if (S.history.n) { buf_puts(&b, "  \"history\": "); snap_ids(&b, S.history.v, S.history.n); buf_puts(&b, ",\n"); }
  if (S.has_drawer) {
    Element *d = find(S.drawer);
    buf_puts(&b, "  \"navigation\": {\"view\":");
    buf_int(&b, S.drawer);
    buf_puts(&b, d && d->visible ? ",\"shown\":true},\n" : ",\"shown\":false},\n");
  }
  if (S.modals.n) { buf_puts(&b, "  \"modals\": "); snap_ids(&b, S.modals.v, S.modals.n); buf_puts(&b, ",\n"); }
  if (S.toasts.n) {
    buf_puts(&b, "  \"toasts\": [");
    for (size_t i = 0; i < S.toasts.n; i++) {
      const Toast *t = &S.toasts.v[i];
      if (i) buf_putc(&b, ',');
      buf_puts(&b, "{\"number\":"); buf_int(&b, t->number);
      buf_puts(&b, ",\"text\":"); buf_json_str(&b, &t->text);
      buf_puts(&b, ",\"from\":"); buf_int(&b, t->from);
      buf_puts(&b, ",\"shownAt\":"); buf_number(&b, t->shown_at);
      buf_puts(&b, ",\"expiresAt\":"); buf_number(&b, t->expires_at);
      buf_putc(&b, '}');
    }
    buf_puts(&b, "],\n");
  }
  if (S.timers.n) {
    buf_puts(&b, "  \"timers\": [");
    for (size_t i = 0; i < S.timers.n; i++) {
      const Timer *t = &S.timers.v[i];
      if (i) buf_putc(&b, ',');
      buf_puts(&b, "{\"id\":"); buf_int(&b, t->id);
      buf_puts(&b, ",\"owner\":"); buf_int(&b, t->owner);
      buf_puts(&b, ",\"interval\":"); buf_int(&b, t->interval);
      buf_puts(&b, ",\"nextFire\":"); buf_number(&b, t->next_fire);
      buf_puts(&b, ",\"fired\":"); buf_int(&b, t->fired);
      buf_putc(&b, '}');
    }
    buf_puts(&b, "],\n");
  }
  if (S.committed.n || S.pending_updates.n || S.pending_deletions.n) {
    buf_puts(&b, "  \"preferences\": {\"committed\":");
    snap_pairs(&b, &S.committed);
    if (S.pending_updates.n) { buf_puts(&b, ",\"pendingUpdates\":"); snap_pairs(&b, &S.pending_updates); }
    if (S.pending_deletions.n) {
      buf_puts(&b, ",\"pendingDeletions\":[");
      for (size_t i = 0; i < S.pending_deletions.n; i++) { if (i) buf_putc(&b, ','); buf_json_str(&b, &S.pending_deletions.v[i]); }
      buf_putc(&b, ']');
    }
    buf_puts(&b, "},\n");
  }
  if (S.network_activity) buf_puts(&b, "  \"networkActivity\": true,\n");
  if (S.quit) buf_puts(&b, "  \"quit\": true,\n");
  if (S.request_count) {
    buf_puts(&b, "  \"requests\": [");
    for (size_t i = 0; i < S.request_count; i++) {
      const Request *r = &S.requests[(S.request_first + i) % REQUEST_LOG];
      if (i) buf_putc(&b, ',');
      buf_puts(&b, "{\"time\":"); buf_number(&b, r->time);
      buf_puts(&b, ",\"record\":"); buf_int(&b, (long long)r->record);
      buf_puts(&b, ",\"kind\":\""); buf_puts(&b, r->kind);
      buf_puts(&b, "\",\"from\":"); buf_int(&b, r->from);
      if (r->text.n) { buf_puts(&b, ",\"text\":"); buf_json_str(&b, &r->text); }
      buf_putc(&b, '}');
    }
    buf_puts(&b, "],\n");
  }
  bool any_detached = false;
  for (size_t i = 0; i < ids.n; i++) {
    const Element *e = find(ids.v[i]);
    if (e->has_parent || e->kind == K_APPLICATION) continue;
    buf_puts(&b, any_detached ? "," : "  \"detached\": [");
    any_detached = true;
    buf_int(&b, e->id);
  }
  if (any_detached) buf_puts(&b, "],\n");
  if (!ids.n) {
    buf_puts(&b, "  \"elements\": {}\n}\n");
  } else {
    buf_puts(&b, "  \"elements\": {\n");
    for (size_t i = 0; i < ids.n; i++) {
      buf_puts(&b, "    \"");
      buf_int(&b, ids.v[i]);
      buf_puts(&b, "\": ");
      snap_element(&b, find(ids.v[i]));
      buf_puts(&b, i + 1 < ids.n ? ",\n" : "\n");
    }
    buf_puts(&b, "  }\n}\n");
  }
  VEC_FREE(ids);
  send_marker("state", b.p, b.n);
}

/* ---------------------------------------------------------------------------------------------
 * The session.
 */
static void handle_record(const JVal *o) {
  const JVal *t = obj_get(o, "t");
  double time = S.time;
  if (t) {
    if (t->type != J_NUM) die("line %zu: \"t\" must be a number", g_line_no);
    time = t->num == 0 ? 0 : t->num;
    if (time < 0) die("line %zu: a negative time", g_line_no);
    if (time < S.time) die("line %zu: the time %g ms is earlier than the previous record's %g ms", g_line_no, time, S.time);
  }
  /* The discriminating key (exactly one). */
  const JVal *type = obj_get(o, "type"), *batch = obj_get(o, "batch"), *event = obj_get(o, "event"),
             *modal = obj_get(o, "modal"), *marker = obj_get(o, "marker");
  int kinds = (type && type->type == J_STR) + (batch != NULL) + (event != NULL) + (modal != NULL) + (marker != NULL);
  if (obj_get(o, "trace")) die("line %zu: a header that is not the first line", g_line_no);
  if (type && type->type != J_STR && !event) die("line %zu: a command's \"type\" must be a name (a string), not a number", g_line_no);
  if (kinds == 0) die("line %zu: a record without \"type\", \"batch\", \"event\", \"modal\" or \"marker\"", g_line_no);
  if (kinds > 1) die("line %zu: a record of two kinds (two of \"type\", \"batch\", \"event\", \"modal\", \"marker\")", g_line_no);

  advance_clock(time); /* timers and toasts due at or before the record's time, each at its own */

  if (event) {
    if (event->type != J_STR) die("line %zu: \"event\" must be a string", g_line_no);
    send_unsupported("ctestee takes no event records (they go from the platform to the engine)");
  } else if (modal) {
    send_unsupported("ctestee takes no modal results (they go from the platform to the engine)");
  } else if (marker) {
    const char *label, *detail = "";
    size_t label_len, detail_len = 0;
    get_str(marker, "\"marker\"", &label, &label_len);
    for (size_t i = 0; i < o->n; i++) {
      const char *k = o->members[i].key;
      if (strcmp(k, "detail") == 0) get_str(o->members[i].val, "\"detail\"", &detail, &detail_len);
      else if (strcmp(k, "t") != 0 && strcmp(k, "marker") != 0) die("line %zu: a marker has no field \"%s\"", g_line_no, k);
    }
    handle_request(label, label_len, detail, detail_len);
  } else if (batch) {
    for (size_t i = 0; i < o->n; i++)
      if (strcmp(o->members[i].key, "t") != 0 && strcmp(o->members[i].key, "batch") != 0)
        die("line %zu: a batch has no field \"%s\"", g_line_no, o->members[i].key);
    if (batch->type != J_ARR) die("line %zu: \"batch\" must be an array", g_line_no);
    for (size_t i = 0; i < batch->n; i++) {
      if (batch->items[i]->type != J_OBJ) die("line %zu: a batch holds a command that is not an object", g_line_no);
      Command c;
      read_command(batch->items[i], &c, true);
      apply_command(&c);
    }
  } else {
    Command c;
    read_command(o, &c, false);
    apply_command(&c);
  }
  evaluate_images();
}

static void free_all(void) {
  for (size_t i = 0; i < g_map.cap; i++) if (g_map.slots[i]) free_element(g_map.slots[i]);
  free(g_map.slots);
  VEC_FREE(S.history); VEC_FREE(S.modals); VEC_FREE(S.timers); VEC_FREE(S.clock);
  for (size_t i = 0; i < S.toasts.n; i++) str_free(&S.toasts.v[i].text);
  VEC_FREE(S.toasts);
  pairs_free(&S.committed); pairs_free(&S.pending_updates);
  for (size_t i = 0; i < S.pending_deletions.n; i++) str_free(&S.pending_deletions.v[i]);
  VEC_FREE(S.pending_deletions);
  for (size_t i = 0; i < S.request_count; i++) str_free(&S.requests[(S.request_first + i) % REQUEST_LOG].text);
  VEC_FREE(g_items); VEC_FREE(g_members);
  arena_reset();
  free(g_arena);
  free(g_rd.p);
  free(g_outbuf.p);
}

int main(int argc, char **argv) {
  (void)argv;
  if (argc > 1) {
    fprintf(stderr, "usage: ctestee   (a testee for `cmdtool conformance -- ctestee`; it takes no arguments)\n");
    return 64;
  }
  signal(SIGPIPE, SIG_IGN);
  const char *name = getenv("CMDTOOL_CASE");
  if (name) g_case = name;
  const char *wire = getenv("CMDTOOL_WIRE");
  if (wire) connect_wire(wire);

  /* The header and the hello marker, before reading anything. */
  buf_puts(&g_outbuf, "{\"trace\":1,\"creator\":\"" CREATOR "\"}\n");
  buf_puts(&g_outbuf, "{\"t\":0,\"marker\":\"testee\",\"detail\":\"" DECLARATION "\"}\n");
  out_flush();

  bool first = true;
  size_t len;
  char *line;
  while ((line = read_line(&len))) {
    g_line_no++;
    size_t k = 0;
    while (k < len && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r')) k++;
    if (k == len) continue; /* blank */
    if (len >= 3 && (unsigned char)line[0] == 0xEF && (unsigned char)line[1] == 0xBB && (unsigned char)line[2] == 0xBF)
      die("line %zu: starts with a UTF-8 byte order mark", g_line_no);
    arena_reset();
    Parser ps = { line, line + len, 0, NULL, 0, line };
    JVal *root = NULL;
    bool ok = parse_value(&ps, &root, 0);
    if (ok) {
      skip_ws(&ps);
      if (ps.p != ps.end) { perr(&ps, "something follows the record on its line"); ok = false; }
    }
    if (!ok) die("line %zu, column %zu: %s", g_line_no, ps.errpos + 1, ps.err);
    g_items.n = g_members.n = 0;
    if (root->type != J_OBJ) die("line %zu: a line that is not a JSON object", g_line_no);
    if (first && obj_get(root, "trace")) {
      if (!read_header(root)) break; /* answered unsupported: nothing more to read */
      first = false;
      continue;
    }
    first = false;
    handle_record(root);
    S.record++;
  }
  out_flush();
  free_all();
  return 0;
}
