# shellcheck shell=sh
# lib.sh -- run independent units as one Slurm job array and gather their results (sourced by
# scripts/regress.sh and synth/run.sh for --slurm; POSIX sh).  docs/regress.md.
#
# A state directory holds units.tsv ("name<TAB>command", line N = array index N), logs/<key>.log
# (each unit's output), results/<key>.rc (each finished unit's exit status, written atomically by
# scripts/slurm/unit.sh), jobs (the job ids submitted) and status.tsv (the gathered verdicts).
#   slurm_begin STATE            start a unit list (a fresh state unless sl_resume=1)
#   slurm_unit NAME COMMAND      add a unit (COMMAND runs under bash -c on a node, in any cwd)
#   slurm_run                    submit the units without a result, wait with a progress line,
#                                gather; prints FAILED/LOST lines; returns 1 when any unit failed
#                                or was lost
#   slurm_result NAME            ok | failed RC | lost STATE   (after slurm_run)
#   slurm_log NAME               the unit's log file
# Settings (set by the caller's options): sl_partition, sl_account, sl_time, sl_maxjobs,
# sl_resume (0/1), sl_name (job name); SCORD_SLURM_SBATCH_ARGS adds sbatch options (e.g.
# "--mem=4G --qos=long"); SCORD_SLURM_POLL is the polling interval in seconds (default 5).
sl_partition=${sl_partition:-} sl_account=${sl_account:-} sl_time=${sl_time:-}
sl_maxjobs=${sl_maxjobs:-} sl_resume=${sl_resume:-0} sl_name=${sl_name:-scord}
sl_lib_dir=${sl_lib_dir:?set sl_lib_dir (the directory of lib.sh) before sourcing it}

# slurm_key NAME: the file-name form of a unit name.
slurm_key() { printf '%s' "$1" | tr -c 'A-Za-z0-9_.=-' '_'; }

slurm_begin() {
  sl_state=$1
  if [ "$sl_resume" != 1 ]; then rm -rf "$sl_state"; fi
  mkdir -p "$sl_state/results" "$sl_state/logs"
  sl_state=$(cd "$sl_state" && pwd)
  : > "$sl_state/units.new"
}

slurm_unit() {
  case "$1$2" in *"	"*|*"
"*) echo "slurm: unit '$1': no tabs or newlines in a unit" >&2; return 2 ;; esac
  printf '%s\t%s\n' "$1" "$2" >> "$sl_state/units.new"
}

slurm_log() { echo "$sl_state/logs/$(slurm_key "$1").log"; }

slurm_result() { awk -F'\t' -v k="$(slurm_key "$1")" '$1 == k { print $2; exit }' "$sl_state/status.tsv"; }

# The Slurm state of array element JOB_IDX, as far as the cluster still knows it.
sl_state_of() {
  s=$(sacct -n -X -P -j "$1" -o State 2>/dev/null | head -1)
  [ -n "$s" ] || s=$(grep "^$1 " "$sl_state/squeue.last" 2>/dev/null | head -1 | cut -d' ' -f2)
  [ -n "$s" ] || s=$(scontrol -o show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1)
  echo "${s:-unknown}"
}

slurm_run() {
  if [ "$sl_resume" = 1 ] && [ -f "$sl_state/units.tsv" ] && ! cmp -s "$sl_state/units.tsv" "$sl_state/units.new"; then
    echo "slurm: note: the unit list differs from the previous run's; results are matched by unit name"
  fi
  mv -f "$sl_state/units.new" "$sl_state/units.tsv"
  n=$(wc -l < "$sl_state/units.tsv")
  # Units without a result (all of them on a fresh run).
  idx="" todo=0 i=0
  while IFS='	' read -r name _; do
    i=$((i + 1))
    [ -f "$sl_state/results/$(slurm_key "$name").rc" ] && continue
    idx="$idx${idx:+,}$i"; todo=$((todo + 1))
  done < "$sl_state/units.tsv"
  job=""
  if [ $todo -gt 0 ]; then
    command -v sbatch >/dev/null 2>&1 || { echo "slurm: sbatch not found (Slurm client missing)" >&2; return 1; }
    arr=$idx; [ -n "$sl_maxjobs" ] && arr="$arr%$sl_maxjobs"
    set -- --parsable --array="$arr" --job-name="$sl_name" --output="$sl_state/logs/slurm-%A_%a.out"
    [ -n "$sl_partition" ] && set -- "$@" --partition="$sl_partition"
    [ -n "$sl_account" ] && set -- "$@" --account="$sl_account"
    [ -n "$sl_time" ] && set -- "$@" --time="$sl_time"
    # shellcheck disable=SC2086
    job=$(sbatch "$@" ${SCORD_SLURM_SBATCH_ARGS:-} "$sl_lib_dir/unit.sh" "$sl_state" "$sl_lib_dir") ||
      { echo "slurm: sbatch failed" >&2; return 1; }
    job=${job%%;*}
    echo "$job $idx" >> "$sl_state/jobs"
    echo "slurm: submitted job $job: $todo of $n units${sl_partition:+ (partition $sl_partition)}; state in $sl_state"
    [ "$todo" -lt "$n" ] && echo "slurm: resuming: $((n - todo)) units already have a result"
    sl_wait "$job" "$idx"
  else
    echo "slurm: all $n units already have a result; nothing to submit"
  fi
  sl_gather "$job" "$idx"
}

# sl_wait JOB IDX: poll until no element of JOB is pending or running; progress on change.
sl_wait() {
  poll=${SCORD_SLURM_POLL:-5}
  last="" errs=0 t0=$(date +%s) tl=0
  trap 'echo; echo "slurm: interrupted; job $1 keeps running (scancel $1 to stop it; --resume gathers it later)"; exit 130' INT TERM
  while :; do
    if q=$(squeue -h -j "$1" -t all -o '%i %T' 2>/dev/null); then
      errs=0
      printf '%s\n' "$q" > "$sl_state/squeue.tmp" && mv -f "$sl_state/squeue.tmp" "$sl_state/squeue.last"
    else
      # An unknown job id once the controller forgot it: done.  Otherwise retry a little.
      errs=$((errs + 1)); q=""
      [ $errs -ge 3 ] && break
      sleep "$poll"; continue
    fi
    active=$(printf '%s\n' "$q" | awk '$2 ~ /^(PENDING|RUNNING|CONFIGURING|COMPLETING|SUSPENDED|REQUEUED|RESIZING)$/' | wc -l)
    running=$(printf '%s\n' "$q" | awk '$2 == "RUNNING" || $2 == "COMPLETING" || $2 == "CONFIGURING"' | wc -l)
    done_=0 failed=0 i=0
    for i in $(echo "$2" | tr ',' ' '); do
      name=$(sed -n "${i}p" "$sl_state/units.tsv" | cut -f1)
      f=$sl_state/results/$(slurm_key "$name").rc
      [ -f "$f" ] || continue
      if [ "$(cat "$f")" = 0 ]; then done_=$((done_ + 1)); else failed=$((failed + 1)); fi
    done
    tot=$(echo "$2" | tr ',' '\n' | wc -l)
    pend=$((tot - done_ - failed - running)); [ $pend -lt 0 ] && pend=0
    now=$(date +%s)
    line="slurm: job $1: $done_ done, $running running, $pend pending, $failed failed (of $tot)"
    if [ "$line" != "$last" ] || [ $((now - tl)) -ge 60 ]; then
      echo "$line [$((now - t0)) s]"; last=$line; tl=$now
    fi
    [ "$active" -eq 0 ] && break
    sleep "$poll"
  done
  trap - INT TERM
}

# sl_gather JOB IDX: status.tsv, FAILED/LOST lines, return 1 when any unit failed or was lost.
sl_gather() {
  ok=0 nf=0 nl=0
  : > "$sl_state/status.new"
  i=0
  while IFS='	' read -r name _; do
    i=$((i + 1))
    k=$(slurm_key "$name")
    f=$sl_state/results/$k.rc
    if [ -f "$f" ]; then
      rc=$(cat "$f")
      if [ "$rc" = 0 ]; then v=ok; ok=$((ok + 1))
      else v="failed $rc"; nf=$((nf + 1)); echo "slurm: FAILED: $name (exit $rc), log: $sl_state/logs/$k.log"; fi
    else
      # Lost: which job ran it last, and what Slurm says happened to it.
      j=$(awk -v i="$i" '{ n = split($2, a, ","); for (x = 1; x <= n; x++) if (a[x] == i) j = $1 } END { print j }' "$sl_state/jobs" 2>/dev/null)
      st=unknown
      [ -n "$j" ] && st=$(sl_state_of "${j}_$i")
      v="lost $st"; nl=$((nl + 1))
      echo "slurm: LOST: $name (array element ${j:-?}_$i, Slurm state $st, no result), log: $sl_state/logs/$k.log"
    fi
    printf '%s\t%s\n' "$k" "$v" >> "$sl_state/status.new"
  done < "$sl_state/units.tsv"
  mv -f "$sl_state/status.new" "$sl_state/status.tsv"
  echo "slurm: $ok ok, $nf failed, $nl lost (of $((ok + nf + nl)) units)"
  [ $nl -gt 0 ] && echo "slurm: re-run with --resume to submit only the units without a result"
  [ $nf -eq 0 ] && [ $nl -eq 0 ]
}
