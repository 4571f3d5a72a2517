#!/bin/sh
# unit.sh -- one element of a scord Slurm job array (scripts/slurm/lib.sh submits it).
#   unit.sh STATE_DIR LIB_DIR  (SLURM_ARRAY_TASK_ID selects line N of STATE_DIR/units.tsv;
#                              LIB_DIR holds lib.sh, since Slurm runs a copy of this script)
# units.tsv holds "name<TAB>command" lines.  The command runs under bash -c with its output in
# STATE_DIR/logs/<key>.log; its exit status is then written to STATE_DIR/results/<key>.rc,
# atomically (a temporary file renamed), as the unit's last act: a unit killed before that has
# no result and is reported as lost.  The command itself writes its products atomically.
#SBATCH --job-name=scord
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
set -u
state=$1
sl_lib_dir=${2:?unit.sh needs the directory of lib.sh}
. "$sl_lib_dir/lib.sh"
i=${SLURM_ARRAY_TASK_ID:?unit.sh runs as an element of a Slurm job array}
line=$(sed -n "${i}p" "$state/units.tsv")
[ -n "$line" ] || { echo "unit.sh: no unit $i in $state/units.tsv" >&2; exit 2; }
name=${line%%	*}
cmd=${line#*	}
key=$(slurm_key "$name")
log=$state/logs/$key.log
rm -f "$state/results/$key.rc"
{
  echo "== unit $i: $name (job ${SLURM_ARRAY_JOB_ID:-?}_$i on $(hostname -s), $(date -u '+%F %T') UTC)"
  echo "== $cmd"
} > "$log"
bash -c "$cmd" >> "$log" 2>&1
rc=$?
echo "== exit $rc ($(date -u '+%F %T') UTC)" >> "$log"
printf '%s\n' "$rc" > "$state/results/.$key.rc.$$" && mv -f "$state/results/.$key.rc.$$" "$state/results/$key.rc"
exit "$rc"
