// libcurl's easy interface for every HTTP exchange (Sources/Library/Network/CurlTransfer.swift). Its
// option and info calls are C varargs, which do not import into Swift: typed wrappers here.
#include <curl/curl.h>

typedef size_t (*lectern_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*lectern_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                              curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode lectern_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode lectern_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode lectern_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode lectern_curl_set_headers(CURL *curl, struct curl_slist *headers) {
    return curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
}
static inline CURLcode lectern_curl_set_body(CURL *curl, const char *body, long length) {
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, length);
    return curl_easy_setopt(curl, CURLOPT_COPYPOSTFIELDS, body);
}
static inline CURLcode lectern_curl_set_receivers(CURL *curl, lectern_curl_data_callback body,
                                                  lectern_curl_data_callback header,
                                                  lectern_curl_progress_callback progress, void *context) {
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, context);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, context);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, context);
    return curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
}
static inline long lectern_curl_response_code(CURL *curl) {
    long code = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
    return code;
}
/// A string the last transfer reports (CURLINFO_REDIRECT_URL: where a 3xx points, made absolute).
static inline const char *lectern_curl_info_string(CURL *curl, CURLINFO info) {
    char *value = NULL;
    curl_easy_getinfo(curl, info, &value);
    return value;
}
/// Seconds the last transfer took, connecting included.
static inline double lectern_curl_total_seconds(CURL *curl) {
    double seconds = 0;
    curl_easy_getinfo(curl, CURLINFO_TOTAL_TIME, &seconds);
    return seconds;
}
