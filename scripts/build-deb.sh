#!/usr/bin/env bash
# make deb: the Debian package, lectern_<version>-1_amd64.deb, written into OUT (default
# .build/deb). debian/changelog is written from CHANGELOG.md first; then debhelper builds the
# binary with Swift's runtime linked in (debian/rules), installs it into debian/lectern,
# computes Depends with dpkg-shlibdeps and builds the .deb. docs/packaging.md has the details.
#   scripts/build-deb.sh [OUT]      DEB_REVISION=N for another Debian revision (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-.build/deb}")
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
python3 scripts/changelog.py debian debian/changelog --revision "${DEB_REVISION:-1}"
mkdir -p "$out"
# A clean staging tree each time: dh skips its build steps while its stamp is there.
debian/rules clean
DEB_OUT=$out debian/rules binary
version=$(dpkg-parsechangelog -S Version)
deb="$out/lectern_${version}_amd64.deb"
echo "Built $deb ($(du -h "$deb" | cut -f1))"

# lintian: no error, and every warning left named with its reason in docs/packaging.md.
report=$(lintian --allow-root "$deb" 2>&1 || true)
[ -z "$report" ] || echo "$report"
if grep -q '^E: ' <<<"$report"; then
  echo "make deb: lintian reports errors" >&2
  exit 1
fi
for tag in $(sed -n 's/^W: [^ ]* \([a-z0-9-]*\).*/\1/p' <<<"$report" | sort -u); do
  grep -q "\`$tag\`" docs/packaging.md || { echo "make deb: lintian warns $tag, which docs/packaging.md does not explain" >&2; exit 1; }
done
