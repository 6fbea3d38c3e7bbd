#!/usr/bin/env bash
# A tournament split over a Slurm cluster: a job array plays the shards (Slurm gives each task
# its index in SLURM_ARRAY_TASK_ID), each writing its shard file to a shared directory, and a job
# that depends on the whole array merges them into the report a single run gives.
#
#   bash examples/arena/cluster/slurm.sh                 # from the repository's root, on the login node
#   cat arena-results/report.txt                         # once the merge job has run
#
# The run is set once, below; every shard plays the same run (the merge refuses shards of
# different runs). Go must be on the login node; the binary is built once, into the results
# directory, which must be on a file system the compute nodes share.
set -euo pipefail

SHARDS=${SHARDS:-8}
RESULTS=${RESULTS:-$PWD/arena-results}
RUN=(-game herrlof -bots random,heuristic,search -seeds 2000 -first 1 -quiet)

mkdir -p "$RESULTS"
go build -o "$RESULTS/arena" ./examples/arena

array=$(sbatch --parsable --job-name=arena-shards --array=0-$((SHARDS - 1)) --cpus-per-task=2 \
  --output="$RESULTS/shard-%a.log" \
  --wrap="\"$RESULTS/arena\" ${RUN[*]} -json -shard \"\$SLURM_ARRAY_TASK_ID/$SHARDS\" > \"$RESULTS/shard-\$SLURM_ARRAY_TASK_ID.json\"")

sbatch --parsable --job-name=arena-merge --dependency=afterok:"$array" \
  --output="$RESULTS/merge.log" \
  --wrap="\"$RESULTS/arena\" -merge -svg \"$RESULTS/report.svg\" \"$RESULTS\"/shard-*.json > \"$RESULTS/report.txt\" && \"$RESULTS/arena\" -merge -json \"$RESULTS\"/shard-*.json > \"$RESULTS/report.json\""

echo "submitted: array job $array ($SHARDS shards), then the merge; results in $RESULTS"
