<?php
	// Lectern's sync tests: the Tiny Tiny RSS config (Debian's tt-rss 21~git20210204), installed over
	// /etc/tt-rss/config.php by scripts/install-ttrss.sh. Every value comes from the environment of
	// the PHP process (php -S, update.php), which Tests/SyncTests/Fixtures/ttrss_harness.py sets per
	// instance, so one installed copy serves any number of throwaway servers.
	if (!function_exists('lectern_ttrss_env')) {
		function lectern_ttrss_env($name, $fallback) {
			$value = getenv($name);
			return ($value === false || $value === '') ? $fallback : $value;
		}
	}
	$lectern_ttrss_base = lectern_ttrss_env('TTRSS_BASE', '/var/lib/tt-rss');

	// A private PostgreSQL cluster on loopback, trust authentication.
	define('DB_TYPE', 'pgsql');
	define('DB_HOST', lectern_ttrss_env('TTRSS_DB_HOST', '127.0.0.1'));
	define('DB_PORT', lectern_ttrss_env('TTRSS_DB_PORT', '5432'));
	define('DB_USER', lectern_ttrss_env('TTRSS_DB_USER', 'ttrss'));
	define('DB_NAME', lectern_ttrss_env('TTRSS_DB_NAME', 'ttrss'));
	define('DB_PASS', lectern_ttrss_env('TTRSS_DB_PASS', ''));
	define('MYSQL_CHARSET', 'UTF8');

	define('SELF_URL_PATH', lectern_ttrss_env('TTRSS_SELF_URL_PATH', 'http://127.0.0.1/'));
	define('_SKIP_SELF_URL_PATH_CHECKS', true);
	define('SINGLE_USER_MODE', false);
	define('SIMPLE_UPDATE_MODE', false);
	define('PHP_EXECUTABLE', lectern_ttrss_env('TTRSS_PHP_EXECUTABLE', '/usr/bin/php'));

	// Per-instance writable directories (lock, cache, feed-icons) under TTRSS_BASE.
	define('LOCK_DIRECTORY', "$lectern_ttrss_base/lock");
	define('CACHE_DIR', "$lectern_ttrss_base/cache");
	define('ICONS_DIR', "$lectern_ttrss_base/feed-icons");
	define('ICONS_URL', 'feed-icons');

	define('AUTH_AUTO_CREATE', true);
	define('AUTH_AUTO_LOGIN', true);
	define('FORCE_ARTICLE_PURGE', 0);
	define('ENABLE_REGISTRATION', false);
	define('REG_NOTIFY_ADDRESS', 'nobody@example.invalid');
	define('REG_MAX_USERS', 10);
	define('SESSION_COOKIE_LIFETIME', (int) lectern_ttrss_env('TTRSS_SESSION_LIFETIME', 86400));
	define('SMTP_FROM_NAME', 'Tiny Tiny RSS');
	define('SMTP_FROM_ADDRESS', 'nobody@example.invalid');
	define('DIGEST_SUBJECT', '[tt-rss] New headlines for last 24 hours');
	define('CHECK_FOR_UPDATES', false);      // never look for a newer tt-rss on the internet
	define('ENABLE_GZIP_OUTPUT', false);
	define('PLUGINS', lectern_ttrss_env('TTRSS_PLUGINS', 'auth_internal'));
	// Empty: PHP's own log, i.e. the server's stderr. PHP 8.2 warns many times a request; in the
	// database they would pile up as rows.
	define('LOG_DESTINATION', lectern_ttrss_env('TTRSS_LOG_DESTINATION', ''));
	define('CONFIG_VERSION', 26);

	// Tunables read by include/functions.php (define_default), set for tests.
	define('DAEMON_UPDATE_LOGIN_LIMIT', 0);  // update the feeds of users that never logged in too
	define('DAEMON_SLEEP_INTERVAL', (int) lectern_ttrss_env('TTRSS_DAEMON_SLEEP', 120));
	define('FEED_FETCH_TIMEOUT', (int) lectern_ttrss_env('TTRSS_FETCH_TIMEOUT', 10));
	define('FEED_FETCH_NO_CACHE_TIMEOUT', (int) lectern_ttrss_env('TTRSS_FETCH_TIMEOUT', 10));
	define('FILE_FETCH_TIMEOUT', (int) lectern_ttrss_env('TTRSS_FETCH_TIMEOUT', 10));
	define('FILE_FETCH_CONNECT_TIMEOUT', (int) lectern_ttrss_env('TTRSS_CONNECT_TIMEOUT', 5));
	if (lectern_ttrss_env('TTRSS_HTTP_PROXY', '') !== '') define('_HTTP_PROXY', getenv('TTRSS_HTTP_PROXY'));
