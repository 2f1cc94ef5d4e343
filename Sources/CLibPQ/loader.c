// libpq through dlopen (see clibpq.h): one table of the functions RosterPostgres calls, found
// once, and a forwarding function for each.
#include "clibpq.h"

#include <dlfcn.h>
#include <pthread.h>

// Each function once: R(type, name, parameters, arguments) returns a value, V nothing.
#define FUNCTIONS(V, R)                                                                        \
  R(PGconn *, PQconnectdbParams, (const char *const *k, const char *const *v, int e), (k, v, e)) \
  R(PGPing, PQpingParams, (const char *const *k, const char *const *v, int e), (k, v, e))      \
  R(ConnStatusType, PQstatus, (const PGconn *c), (c))                                          \
  R(char *, PQerrorMessage, (const PGconn *c), (c))                                            \
  V(PQfinish, (PGconn * c), (c))                                                               \
  R(char *, PQhost, (const PGconn *c), (c))                                                    \
  R(char *, PQport, (const PGconn *c), (c))                                                    \
  R(int, PQsocket, (const PGconn *c), (c))                                                     \
  R(int, PQbackendPID, (const PGconn *c), (c))                                                 \
  R(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn * c, PQnoticeProcessor p, void *a),       \
    (c, p, a))                                                                                 \
  R(PQconninfoOption *, PQconninfoParse, (const char *s, char **e), (s, e))                    \
  V(PQconninfoFree, (PQconninfoOption * o), (o))                                               \
  R(int, PQsendQuery, (PGconn * c, const char *q), (c, q))                                     \
  R(int, PQsendQueryParams,                                                                    \
    (PGconn * c, const char *q, int n, const Oid *t, const char *const *v, const int *l,        \
     const int *f, int r),                                                                     \
    (c, q, n, t, v, l, f, r))                                                                  \
  R(int, PQconsumeInput, (PGconn * c), (c))                                                    \
  R(int, PQisBusy, (PGconn * c), (c))                                                          \
  R(PGresult *, PQgetResult, (PGconn * c), (c))                                                \
  R(PGresult *, PQexec, (PGconn * c, const char *q), (c, q))                                   \
  R(int, PQgetCopyData, (PGconn * c, char **b, int a), (c, b, a))                              \
  R(PGnotify *, PQnotifies, (PGconn * c), (c))                                                 \
  V(PQfreemem, (void *p), (p))                                                                 \
  R(ExecStatusType, PQresultStatus, (const PGresult *r), (r))                                  \
  R(char *, PQresultErrorField, (const PGresult *r, int f), (r, f))                            \
  V(PQclear, (PGresult * r), (r))                                                              \
  R(int, PQntuples, (const PGresult *r), (r))                                                  \
  R(char *, PQgetvalue, (const PGresult *r, int t, int f), (r, t, f))                          \
  R(int, PQgetlength, (const PGresult *r, int t, int f), (r, t, f))                            \
  R(int, PQgetisnull, (const PGresult *r, int t, int f), (r, t, f))                            \
  R(char *, PQcmdTuples, (PGresult * r), (r))

#define POINTER_V(name, parameters, arguments) static void(*p_##name) parameters;
#define POINTER_R(type, name, parameters, arguments) static type(*p_##name) parameters;
FUNCTIONS(POINTER_V, POINTER_R)

static const char *failure = NULL;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  // Debian's libpq5 soname; RTLD_LOCAL keeps its symbols out of the process's global scope.
  void *handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    failure = dlerror();
    return;
  }
#define FIND(name)                                                                            \
  *(void **)&p_##name = dlsym(handle, #name);                                                 \
  if (p_##name == NULL) {                                                                     \
    failure = "a libpq function is missing: " #name;                                          \
    return;                                                                                   \
  }
#define FIND_V(name, parameters, arguments) FIND(name)
#define FIND_R(type, name, parameters, arguments) FIND(name)
  FUNCTIONS(FIND_V, FIND_R)
}

bool rpq_load(void) {
  pthread_once(&once, load);
  return failure == NULL;
}

const char *rpq_load_error(void) { return failure; }

#define FORWARD_V(name, parameters, arguments)                                                \
  void rpq_##name parameters { p_##name arguments; }
#define FORWARD_R(type, name, parameters, arguments)                                          \
  type rpq_##name parameters { return p_##name arguments; }
FUNCTIONS(FORWARD_V, FORWARD_R)
