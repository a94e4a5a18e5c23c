<?php
// The router of the harness's `php -S`: the instance's feed icons (tt-rss's ICONS_URL, "feed-icons",
// is an alias of ICONS_DIR under TTRSS_BASE, as a web server's configuration would make it);
// every other request goes to tt-rss as usual.
$path = parse_url($_SERVER["REQUEST_URI"], PHP_URL_PATH);
if (preg_match('#^/feed-icons/(\d+)\.ico$#', $path, $match)) {
    $file = getenv("TTRSS_BASE") . "/feed-icons/" . $match[1] . ".ico";
    if (!is_file($file)) {
        http_response_code(404);
        return true;
    }
    header("Content-Type: image/x-icon");
    readfile($file);
    return true;
}
return false;
