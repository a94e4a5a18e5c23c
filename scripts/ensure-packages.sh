#!/usr/bin/env bash
# Installs the Debian packages a make target needs, only those missing.
# Usage: scripts/ensure-packages.sh run|check|bench|deb|package
# check and bench also install Tiny Tiny RSS for the sync tests (scripts/install-ttrss.sh).
set -euo pipefail

run_packages=(libgtk-4-dev libxml2-dev libsqlite3-dev libsecret-1-dev libcurl4-openssl-dev pkg-config adwaita-icon-theme fonts-cantarell
  gettext libglib2.0-data
  # Podcasts: GStreamer, its playbin and Ogg/Opus (base), HTTP, MP3, the sound server and speed (good).
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base gstreamer1.0-plugins-good)
check_packages=("${run_packages[@]}" xvfb xauth xdotool iproute2 dbus python3 python3-brotli python3-gi gir1.2-glib-2.0 appstream appstream-compose desktop-file-utils
  gnome-keyring libsecret-tools locales at-spi2-core python3-pyatspi x11-utils
  # The playback tests' episodes are made with gst-launch-1.0; MPRIS is checked with playerctl.
  gstreamer1.0-tools playerctl
  # The window on Wayland, framed and shadowed by itself as on GNOME: a headless Weston.
  weston
  # The real FreshRSS of the sync tests (../shared/servers/freshrss) runs on these.
  php-cli php-sqlite3 php-curl php-xml php-mbstring php-intl php-zip php-gmp)
# deb: `make deb` and `make apt-repo` (debhelper, lintian, the repository's tools and its AppStream catalog).
deb_packages=("${run_packages[@]}" debhelper dpkg-dev lintian apt-utils gnupg appstream appstream-compose desktop-file-utils python3)
# package: `make check-package` builds clean Debian roots and serves them the repository.
package_packages=("${deb_packages[@]}" mmdebstrap rsync)
bench_packages=("${check_packages[@]}" "${deb_packages[@]}" newsboat python3-venv valgrind liferea gnome-feeds
  gir1.2-gstreamer-1.0 gir1.2-gtk-4.0)

case "${1:-run}" in
  run) wanted=("${run_packages[@]}") ;;
  check) wanted=("${check_packages[@]}") ;;
  bench) wanted=("${bench_packages[@]}") ;;
  deb) wanted=("${deb_packages[@]}") ;;
  package) wanted=("${package_packages[@]}") ;;
  *) echo "usage: $0 run|check|bench|deb|package" >&2; exit 2 ;;
esac

missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing missing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  export LECTERN_APT_UPDATED=1
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ "${1:-run}" = check ] || [ "${1:-run}" = bench ]; then
  "$(dirname "$0")/install-ttrss.sh"
fi
