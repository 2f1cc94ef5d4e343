// ICU through dlopen, on first use: `roster` links no ICU of Debian's, so only a command that
// sorts loads it. Debian's ICU renames every function with its version (ucol_open is declared
// as ucol_open_72) and U_DISABLE_RENAMING cannot be set against its build: including the
// headers maps the plain names to the versioned ones, and SYMBOL() spells a function's name as
// the library exports it, so nothing here spells the version.
#include "icu_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/uversion.h>

#define TEXT(x) #x
#define SYMBOL(name) TEXT(name)

// Each function once, with the type its header declares.
#define FUNCTIONS(F) F(ucol_open) F(ucol_setAttribute) F(ucol_close) F(ucol_getSortKey) \
  F(uloc_getISO3Language) F(u_getVersion) F(u_versionToString)

#define POINTER(name) static __typeof__(name) *p_##name;
FUNCTIONS(POINTER)

static const char *failure = NULL;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  // libicui18n brings libicuuc (uloc_, u_) with it; RTLD_LOCAL keeps both out of the global
  // scope, beside the renamed ICU inside Foundation.
  void *handle = dlopen("libicui18n.so." SYMBOL(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    failure = dlerror();
    return;
  }
#define FIND(name)                                      \
  *(void **)&p_##name = dlsym(handle, SYMBOL(name));    \
  if (p_##name == NULL) {                               \
    failure = "an ICU function is missing: " SYMBOL(name); \
    return;                                             \
  }
  FUNCTIONS(FIND)
}

const char *roster_icu_load_error(void) {
  pthread_once(&once, load);
  return failure;
}

RosterCollator *roster_collator_open(const char *locale) {
  if (roster_icu_load_error() != NULL) return NULL;
  UErrorCode status = U_ZERO_ERROR;
  UCollator *collator = p_ucol_open(locale, &status);
  if (U_FAILURE(status)) return NULL;
  p_ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, UCOL_ON, &status);
  if (U_FAILURE(status)) {
    p_ucol_close(collator);
    return NULL;
  }
  return (RosterCollator *)collator;
}

void roster_collator_close(RosterCollator *collator) { p_ucol_close((UCollator *)collator); }

int32_t roster_collator_sort_key(
    const RosterCollator *collator, const uint16_t *text, int32_t length, uint8_t *key,
    int32_t capacity) {
  return p_ucol_getSortKey(
      (const UCollator *)collator, (const UChar *)text, length, key, capacity);
}

int roster_locale_language_known(const char *locale) {
  if (roster_icu_load_error() != NULL) return 0;
  const char *language = p_uloc_getISO3Language(locale);
  return language != NULL && language[0] != 0;
}

void roster_icu_version(char *text) {
  text[0] = 0;
  if (roster_icu_load_error() != NULL) return;
  UVersionInfo version;
  p_u_getVersion(version);
  p_u_versionToString(version, text);
}
