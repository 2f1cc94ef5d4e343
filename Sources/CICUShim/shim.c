// Debian's ICU renames every function with its version (ucol_open is declared as ucol_open_72)
// and U_DISABLE_RENAMING cannot be set against its build: including the headers maps the plain
// names to the versioned ones, so nothing here spells the version.
#include "icu_shim.h"

#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/uversion.h>

RosterCollator *roster_collator_open(const char *locale) {
  UErrorCode status = U_ZERO_ERROR;
  UCollator *collator = ucol_open(locale, &status);
  if (U_FAILURE(status)) return NULL;
  ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, UCOL_ON, &status);
  if (U_FAILURE(status)) {
    ucol_close(collator);
    return NULL;
  }
  return (RosterCollator *)collator;
}

void roster_collator_close(RosterCollator *collator) { ucol_close((UCollator *)collator); }

int32_t roster_collator_sort_key(
    const RosterCollator *collator, const uint16_t *text, int32_t length, uint8_t *key,
    int32_t capacity) {
  return ucol_getSortKey((const UCollator *)collator, (const UChar *)text, length, key, capacity);
}

int roster_locale_language_known(const char *locale) {
  const char *language = uloc_getISO3Language(locale);
  return language != NULL && language[0] != 0;
}

void roster_icu_version(char *text) {
  UVersionInfo version;
  u_getVersion(version);
  u_versionToString(version, text);
}
