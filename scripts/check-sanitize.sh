#!/usr/bin/env bash
# make check-sanitize: the whole test suite built with AddressSanitizer, then with
# ThreadSanitizer, each in its own build folder, headless like `make check`.
# Usage: scripts/check-sanitize.sh [address] [thread]   (default: both)
# Logs: .build/sanitize-<name>/test.log; a summary line per sanitizer at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
sanitizers=("$@")
[ ${#sanitizers[@]} -eq 0 ] && sanitizers=(address thread)
supp="$PWD/Tests/Sanitizers"
summary=()
status=0
for name in "${sanitizers[@]}"; do
    scratch=".build/sanitize-$name"
    log="$scratch/test.log"
    mkdir -p "$scratch"
    start=$(date +%s)
    echo "== $name: building into $scratch"
    if ! "$SWIFT" build -j 2 --build-tests --sanitize="$name" --scratch-path "$scratch" >"$scratch/build.log" 2>&1; then
        grep -E "error:" "$scratch/build.log" | head -20
        summary+=("$name: the build failed (see $scratch/build.log)")
        status=1
        continue
    fi
    echo "== $name: testing (log: $log)"
    # halt_on_error=0 keeps going after a report so one run lists every finding;
    # the suppression files name only toolchain and system libraries (see their comments).
    # The app tests (which launch sanitized GTK processes and wait for them) run apart
    # from the rest: sharing the two cooperative threads with them starved the async
    # refresh tests for minutes under a sanitizer's slowdown.
    : >"$log"
    tests_status=0
    for part in "--filter LecternAppTests" "--skip LecternAppTests"; do
        ASAN_OPTIONS="detect_leaks=1:halt_on_error=0:detect_stack_use_after_return=0" \
        LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0" \
        TSAN_OPTIONS="halt_on_error=0:suppressions=$supp/tsan.supp:second_deadlock_stack=1" \
        SWIFT_BACKTRACE="enable=no" \
            scripts/headless.sh "$SWIFT" test --skip-build --sanitize="$name" --scratch-path "$scratch" $part >>"$log" 2>&1 \
            || tests_status=1
    done
    seconds=$(( $(date +%s) - start ))
    # Count reports anywhere: the test process prints its own at the start of a line, and the
    # launched apps' reports appear indented, quoted in failure messages.
    reports=$(grep -c -E "(==[0-9]+==ERROR: |WARNING: ThreadSanitizer:)" "$log")
    result=$(grep -E "^. Test run with" "$log" | sed -E 's/^. Test run with //; s/ after .*//' | paste -sd '+')
    summary+=("$name: ${result:-no result (see $log)} — $([ $tests_status -eq 0 ] && echo passed || echo FAILED); $reports sanitizer report(s); ${seconds} s")
    if [ $tests_status -ne 0 ] || [ "$reports" -ne 0 ]; then status=1; fi
done
printf '%s\n' "${summary[@]}"
exit $status
