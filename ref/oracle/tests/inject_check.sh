#!/usr/bin/env bash
# inject_check.sh BINDIR -- CTest oracle/inject: the oracle finds every race the generators
# inject.  For each application and each of its --inject switches (scord-gen --list), the vector
# with only that switch on must give the oracle at least one race, and, when the switch's text
# names the pcs of its races ("pc 0x140", "pc 0x300/0x304"), a race at one of those pcs.  The
# race-free vector of each application must give none.  Small size, seed 1.
set -u
bin=${1:?usage: inject_check.sh BINDIR}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 checked=0 app=""
while IFS= read -r line; do
  if [[ $line =~ ^([a-z0-9]+):\  ]]; then
    app=${BASH_REMATCH[1]}
    [ "$app" = random ] && { app=""; continue; }
    "$bin/scord-gen" app="$app" --out-vec="$tmp/none.vec" || { echo "FAIL $app: scord-gen"; fail=1; continue; }
    n=$("$bin/scord-accuracy" "$tmp/none.vec" | sed -n 's/^total oracle=\([0-9]*\) .*/\1/p')
    [ "$n" = 0 ] || { echo "FAIL $app none: oracle=$n"; fail=1; }
    continue
  fi
  [[ -n $app && $line =~ --inject=([a-z0-9-]+): ]] || continue
  sw=${BASH_REMATCH[1]}
  "$bin/scord-gen" app="$app" --inject="$sw" --out-vec="$tmp/sw.vec" || { echo "FAIL $app $sw: scord-gen"; fail=1; continue; }
  out=$("$bin/scord-accuracy" --races "$tmp/sw.vec") || { echo "FAIL $app $sw: scord-accuracy"; fail=1; continue; }
  pcs=$(grep -o ' oracle-race pc=0x[0-9a-fA-F]*' <<<"$out" | sed 's/.*pc=//' | tr 'A-F' 'a-f' | sort -u)
  [ -n "$pcs" ] || { echo "FAIL $app $sw: the oracle finds no race"; fail=1; continue; }
  # pcs named by the switch: "pc 0xA" or "pc 0xA/0xB" (not the "pcs 0x6xx" ranges)
  want=$(grep -oE 'pc 0x[0-9a-f]+(/0x[0-9a-f]+)*' <<<"$line" | sed 's/^pc //' | tr '/' '\n' | sort -u)
  if [ -n "$want" ] && [ -z "$(comm -12 <(echo "$pcs") <(echo "$want"))" ]; then
    echo "FAIL $app $sw: oracle races at $(echo $pcs), none at the injected $(echo $want)"
    fail=1
    continue
  fi
  checked=$((checked + 1))
done < <("$bin/scord-gen" --list)
[ "$checked" -ge 20 ] || { echo "FAIL: only $checked switches checked"; fail=1; }
[ $fail -eq 0 ] && echo "inject: $checked switches, the oracle finds each injected race"
exit $fail
