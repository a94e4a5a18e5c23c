#ifndef LECTERN_CLIBXML2_SHIM_H
#define LECTERN_CLIBXML2_SHIM_H
/* Debian's libxml2 headers pull in the system ICU, which clashes with the ICU that
   Foundation ships. Read the version header first and switch ICU off before the rest. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/SAX2.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
#include <libxml/encoding.h>
#include <libxml/uri.h>

/* xmlFree is a global function pointer variable; call it through a function. */
static inline void lectern_xml_free(void *pointer) {
    xmlFree(pointer);
}
#endif
