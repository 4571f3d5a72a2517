#!/bin/sh
# regen.sh -- rewrite the frozen application vectors and traces of vectors/apps/ from scord-gen
# (default seed 1, small size): <app>_<switch>.vec for no switch ("none"), each switch and "all",
# and <app>_none.trace / <app>_all.trace for scord-sim.  The CTest test gen/apps-frozen checks
# that these files equal what the generator writes today.
# Usage: vectors/apps/regen.sh [path/to/scord-gen]   (default: build/bin/scord-gen)
set -e
here=$(cd "$(dirname "$0")" && pwd)
gen=${1:-$here/../../build/bin/scord-gen}
[ -x "$gen" ] || { echo "regen.sh: no scord-gen at $gen (build first or pass its path)" >&2; exit 2; }
rm -f "$here"/*.vec "$here"/*.trace
"$gen" --list | awk '/^[a-z0-9]+: /{app=substr($1,1,length($1)-1); print app, "none"; print app, "all"; next}
                     /^  --inject=/{sw=$1; sub("--inject=","",sw); sub(":$","",sw); print app, sw}' |
while read -r app sw; do
  [ "$app" = random ] && continue
  inj=""; [ "$sw" = none ] || inj="--inject=$sw"
  if [ "$sw" = none ] || [ "$sw" = all ]; then
    "$gen" app="$app" $inj --seed=1 --size=small --out-vec="$here/${app}_$sw.vec" --out-trace="$here/${app}_$sw.trace"
  else
    "$gen" app="$app" $inj --seed=1 --size=small --out-vec="$here/${app}_$sw.vec"
  fi
done
ls "$here"/*.vec | wc -l | sed 's/^/regen.sh: vectors written: /'
