// libpq as RosterPostgres uses it, loaded on first use with dlopen: `roster` links no libpq,
// so a command on a SQLite file starts without loading (and relocating) libpq and the twenty
// libraries under it (OpenSSL, Kerberos, LDAP, GnuTLS…), about 6 ms of every process start.
//
// The declarations follow Debian's libpq5 (PostgreSQL 15) `libpq-fe.h`: the connection and
// result are opaque, the two structs and the enumerations' values are libpq's stable ABI. Each
// function is libpq's own under an `rpq_` prefix. Call rpq_load() first.
#ifndef CLIBPQ_H
#define CLIBPQ_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
typedef unsigned int Oid;

typedef enum { CONNECTION_OK, CONNECTION_BAD } ConnStatusType;

typedef enum {
  PGRES_EMPTY_QUERY = 0,
  PGRES_COMMAND_OK,
  PGRES_TUPLES_OK,
  PGRES_COPY_OUT,
  PGRES_COPY_IN,
  PGRES_BAD_RESPONSE,
  PGRES_NONFATAL_ERROR,
  PGRES_FATAL_ERROR,
  PGRES_COPY_BOTH,
  PGRES_SINGLE_TUPLE,
  PGRES_PIPELINE_SYNC,
  PGRES_PIPELINE_ABORTED
} ExecStatusType;

typedef enum { PQPING_OK, PQPING_REJECT, PQPING_NO_RESPONSE, PQPING_NO_ATTEMPT } PGPing;

/// A notification from LISTEN: the channel, the sending server process, the payload.
typedef struct pgNotify {
  char *relname;
  int be_pid;
  char *extra;
  struct pgNotify *next;
} PGnotify;

/// One parsed connection-string option.
typedef struct _PQconninfoOption {
  char *keyword;
  char *envvar;
  char *compiled;
  char *val;
  char *label;
  char *dispchar;
  int dispsize;
} PQconninfoOption;

typedef void (*PQnoticeProcessor)(void *arg, const char *message);

/// Loads libpq and finds every function; false (and rpq_load_error says why) when it is
/// missing. Safe to call again and from any thread.
bool rpq_load(void);
/// Why rpq_load failed, or NULL.
const char *rpq_load_error(void);

PGconn *rpq_PQconnectdbParams(const char *const *keywords, const char *const *values,
                              int expand_dbname);
PGPing rpq_PQpingParams(const char *const *keywords, const char *const *values,
                        int expand_dbname);
ConnStatusType rpq_PQstatus(const PGconn *conn);
char *rpq_PQerrorMessage(const PGconn *conn);
void rpq_PQfinish(PGconn *conn);
char *rpq_PQhost(const PGconn *conn);
char *rpq_PQport(const PGconn *conn);
int rpq_PQsocket(const PGconn *conn);
int rpq_PQbackendPID(const PGconn *conn);
PQnoticeProcessor rpq_PQsetNoticeProcessor(PGconn *conn, PQnoticeProcessor proc, void *arg);
PQconninfoOption *rpq_PQconninfoParse(const char *conninfo, char **errmsg);
void rpq_PQconninfoFree(PQconninfoOption *options);
int rpq_PQsendQuery(PGconn *conn, const char *query);
int rpq_PQsendQueryParams(PGconn *conn, const char *command, int nParams,
                          const Oid *paramTypes, const char *const *paramValues,
                          const int *paramLengths, const int *paramFormats, int resultFormat);
int rpq_PQconsumeInput(PGconn *conn);
int rpq_PQisBusy(PGconn *conn);
PGresult *rpq_PQgetResult(PGconn *conn);
PGresult *rpq_PQexec(PGconn *conn, const char *query);
int rpq_PQgetCopyData(PGconn *conn, char **buffer, int async);
PGnotify *rpq_PQnotifies(PGconn *conn);
void rpq_PQfreemem(void *ptr);
ExecStatusType rpq_PQresultStatus(const PGresult *res);
char *rpq_PQresultErrorField(const PGresult *res, int fieldcode);
void rpq_PQclear(PGresult *res);
int rpq_PQntuples(const PGresult *res);
char *rpq_PQgetvalue(const PGresult *res, int tup_num, int field_num);
int rpq_PQgetlength(const PGresult *res, int tup_num, int field_num);
int rpq_PQgetisnull(const PGresult *res, int tup_num, int field_num);
char *rpq_PQcmdTuples(PGresult *res);

#endif
