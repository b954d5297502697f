"""Benchmark the network host over loopback (issue 19): many tables of headless bot clients.

    python tools/bench_net.py [--tables 50] [--seats 4] [--think 0.1] [--workers 2]
                              [--timeout 600] [--folder DIR] [--bot-nice N]

Starts ``python -m cacao_game --serve`` on 127.0.0.1 (a free port) as its own process, then
``--workers`` bot processes (this script with ``--worker``), each with its own event loop
and its share of the ``--tables`` tables of ``--seats`` bot clients (``cacao_game.net.bot``:
one creates the table, the others join with its code; every bot plays random legal moves
after ``--think`` seconds on average). A worker opens at most ``OPEN_PER_ADDRESS`` / workers
tables at a time, as the host lets one address have that many tables waiting for players.
When every game is over (or ``--timeout``), it stops the host with SIGTERM and prints:

- games finished, decisions, and every record the host filed checked by ``tools/referee.py``;
- the delay from a decision sent to the update that shows it, as each client saw it (both
  timestamps on the client's own monotonic clock): p50, p90, p99 and the worst (the issue's
  goal: p99 <= 20 ms), next to the round trip of plain WebSocket pings to the host over the
  same run (no game work: the floor the machine sets) and each bot process's own event loop
  lag (time a bot process is late to read what arrived counts in the delays);
- the host process's peak and final resident memory (``/proc``) and its CPU time, as seconds
  and as a share of one core over the run, and the time its threads were ready to run but
  waited for a CPU (``/proc/<pid>/task/*/schedstat``: what other processes cost it); the
  host's own time per decision (wall and CPU, from reading a ``decide`` to queueing its
  updates), how long updates waited between being queued and written to their sockets, and
  its event loop's lag, all logged by the host when it stops; the bot processes' CPU, memory
  and time waiting for a CPU, and the load average (the machine may be shared).

The bot processes stand for 200 players' own machines but share this machine's cores with
the host: each update the host writes wakes a bot process, which may take the core the host
was about to use. ``--bot-nice N`` runs them N steps nicer (default 0: as they always ran), so
that the host gets a core first when both want one, as a host of real players would; the
delays still count every bot process's own time. Figures taken with it say so.

Only 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from net_support import LOCAL, free_port, start_server  # noqa: E402 (tests/ helpers)
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from cacao_game.net import protocol as p  # noqa: E402
from cacao_game.net.bot import Bot, BotReport  # noqa: E402
from cacao_game.net.host import LAG_EVERY, OPEN_PER_ADDRESS  # noqa: E402
from cacao_game.net.serve import quiet_gc  # noqa: E402
from cacao_game.percentiles import percentile  # noqa: E402


def proc_memory(pid: int) -> tuple[float, float]:
    """Peak and current resident memory of ``pid`` in MiB (``/proc/<pid>/status``)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmHWM"].split()[0]) / 1024, int(fields["VmRSS"].split()[0]) / 1024


def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) ``pid`` has used (``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_queue_wait(pid: int | str) -> float:
    """Seconds the threads of process ``pid`` have spent runnable but waiting for a CPU
    (``/proc/<pid>/task/*/schedstat``, second field; 0 where the kernel does not keep it)."""
    total = 0
    for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(stat.read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total / 1e9


async def table(
    port: int, number: int, seats: int, think: float, timeout: float, opening: asyncio.Semaphore
) -> list[BotReport]:
    """One table: a bot creates it, the others join (holding ``opening`` until the table has
    started); every bot's report at the end."""
    options = p.TableOptions([p.SeatSpec("remote") for _ in range(seats)], standin=None)
    async with opening:
        creator = Bot(
            LOCAL, port, p.Create(p.VERSION, f"Bot {number}", options), seed=number * 10, think=think
        )
        tasks = [asyncio.create_task(creator.run(timeout))]
        await asyncio.wait_for(creator.joined.wait(), 30.0)
        code = creator.link.code
        assert code is not None
        for seat in range(1, seats):
            joiner = Bot(
                LOCAL,
                port,
                p.Join(p.VERSION, code, f"Bot {number}.{seat}"),
                seed=number * 10 + seat,
                think=think,
            )
            tasks.append(asyncio.create_task(joiner.run(timeout)))
            await asyncio.wait_for(joiner.joined.wait(), 30.0)
    return list(await asyncio.gather(*tasks))


async def ping(port: int, rtts: list[float], done: asyncio.Event) -> None:
    """WebSocket pings to the host every 50 ms until ``done``: the round trip between the two
    processes with no game work in it (the machine's floor for the decision delay)."""
    while not done.is_set():
        try:
            async with connect(f"ws://{LOCAL}:{port}/", compression=None) as ws:
                while not done.is_set():
                    started = time.perf_counter()
                    await (await ws.ping())
                    rtts.append(time.perf_counter() - started)
                    await asyncio.sleep(0.05)
        except ConnectionClosed:
            continue  # the host closes a connection that joins no table after a while


async def watch_lag(lags: list[float], done: asyncio.Event) -> None:
    """How late this process's event loop wakes from a ``LAG_EVERY`` sleep, until ``done``."""
    loop = asyncio.get_running_loop()
    while not done.is_set():
        due = loop.time() + LAG_EVERY
        await asyncio.sleep(LAG_EVERY)
        lags.append(max(0.0, loop.time() - due))


async def play(args: argparse.Namespace) -> dict[str, object]:
    """This worker's tables at once (every ``workers``-th from ``worker``), with a lag
    watcher and (worker 0) a pinger alongside; the worker's figures as JSON values."""
    done = asyncio.Event()
    rtts: list[float] = []
    lags: list[float] = []
    watchers = [asyncio.create_task(watch_lag(lags, done))]
    if args.worker == 0:
        watchers.append(asyncio.create_task(ping(args.port, rtts, done)))
    opening = asyncio.Semaphore(max(1, OPEN_PER_ADDRESS // args.workers))
    numbers = range(args.worker, args.tables, args.workers)
    before = resource.getrusage(resource.RUSAGE_SELF)
    waited = run_queue_wait("self")
    results = list(
        await asyncio.gather(
            *(table(args.port, n, args.seats, args.think, args.timeout, opening) for n in numbers)
        )
    )
    after = resource.getrusage(resource.RUSAGE_SELF)
    done.set()
    await asyncio.gather(*watchers)
    reports = [report for tables in results for report in tables]
    return {
        "tables": len(results),
        "finished": sum(all(report.finished for report in tables) for tables in results),
        "decisions": sum(tables[0].state.decisions for tables in results if tables[0].state is not None),
        "refusals": sum(len(report.refusals) for report in reports),
        "failures": sum(report.failed is not None for report in reports),
        "delays": [delay for report in reports for delay in report.delays],
        "pings": rtts,
        "lags": lags,
        "cpu": (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime),
        "waited": run_queue_wait("self") - waited,
        "rss": after.ru_maxrss / 1024,
    }


def spread(name: str, seconds: list[float]) -> str:
    """One line: ``name``, then p50, p90, p99, the largest and the mean of ``seconds`` in ms."""
    ms = [value * 1000 for value in seconds]
    if not ms:
        return f"{name}: no samples"
    return (
        f"{name} (ms, {len(ms)} samples): p50 {percentile(ms, 0.5):.1f}, p90 {percentile(ms, 0.9):.1f}, "
        f"p99 {percentile(ms, 0.99):.1f}, max {max(ms):.1f}, mean {statistics.fmean(ms):.1f}"
    )


def start_workers(args: argparse.Namespace, port: int) -> list[subprocess.Popen[bytes]]:
    """The bot processes, each told its share of the tables."""
    shared = ["--port", str(port), "--tables", str(args.tables), "--seats", str(args.seats)]
    shared += ["--think", str(args.think), "--timeout", str(args.timeout), "--workers", str(args.workers)]
    shared += ["--bot-nice", str(args.bot_nice)]
    script = str(Path(__file__).resolve())
    return [
        subprocess.Popen([sys.executable, script, "--worker", str(k), *shared], stdout=subprocess.PIPE)
        for k in range(args.workers)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--think", type=float, default=0.1, help="mean seconds a bot waits before deciding")
    parser.add_argument("--workers", type=int, default=2, help="bot processes")
    parser.add_argument(
        "--bot-nice", type=int, default=0, help="niceness added to the bot processes (default 0)"
    )
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before giving up")
    parser.add_argument("--folder", type=Path, default=None, help="host folder (default: a temp folder)")
    parser.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        os.nice(args.bot_nice)
        quiet_gc()  # as in the host: a bot process's pauses count in the delays
        print(json.dumps(asyncio.run(play(args))))
        return 0
    from referee_loader import load_referee  # tests/ helper: the referee script as a module

    folder = args.folder or Path(tempfile.mkdtemp(prefix="cacao-bench-net-"))
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "host.log"
    port = free_port()
    host = start_server(port, folder, log)
    cpu_before = proc_cpu(host.pid)
    waited_before = run_queue_wait(host.pid)
    started = time.perf_counter()
    try:
        workers = start_workers(args, port)
        outputs = [worker.communicate(timeout=args.timeout + 120)[0] for worker in workers]
        wall = time.perf_counter() - started
        cpu = proc_cpu(host.pid) - cpu_before
        waited = run_queue_wait(host.pid) - waited_before
        peak, current = proc_memory(host.pid)
    finally:
        host.send_signal(signal.SIGTERM)
        code = host.wait(60)
    parts = [json.loads(output) for output in outputs]

    def total(key: str) -> float:
        return sum(part[key] for part in parts)

    host_lines = log.read_text().splitlines()
    handled = next((line.split(": ", 1)[1] for line in host_lines if "handled" in line), "?")
    lagged = next((line.split(": ", 1)[1] for line in host_lines if "event loop lag" in line), "?")
    written = next((line.split(": ", 1)[1] for line in host_lines if "queued to written" in line), "?")
    finished = total("finished")
    referee = load_referee()
    records = sorted((folder / "records").glob("*.json"))
    refused = [path.name for path in records if referee.check_record(json.loads(path.read_text()))]
    bots_cpu = total("cpu")
    memory = ", ".join(f"{part['rss']:.0f}" for part in parts)
    print(f"machine: {os.cpu_count()} cores, shared with other work; host pid {host.pid}, exit code {code}")
    print(
        f"tables: {args.tables} x {args.seats} bot clients in {args.workers} bot processes, "
        f"think {args.think:g} s, wall {wall:.1f} s"
    )
    print(
        f"games finished: {finished}/{args.tables}; decisions: {total('decisions')}; "
        f"refusals: {total('refusals')}; failures: {total('failures')}"
    )
    print(
        f"records: {len(records)} filed, {len(records) - len(refused)} pass tools/referee.py {refused or ''}"
    )
    print(
        spread("decision -> update delay", [d for part in parts for d in part["delays"]])
        + " (goal p99 <= 20)"
    )
    print(spread("ping round trip, no game work", [r for part in parts for r in part["pings"]]))
    for number, part in enumerate(parts):
        print(spread(f"bot process {number} event loop lag", part["lags"]))
    print(f"host: {handled}")
    print(f"host event loop lag: {lagged}")
    print(f"host messages: {written}")
    print(f"host memory: peak {peak:.1f} MiB, at the end {current:.1f} MiB")
    print(
        f"host CPU: {cpu:.1f} s over {wall:.1f} s ({100 * cpu / wall:.0f} % of one core, "
        f"{1000 * cpu / max(1, total('decisions')):.2f} ms a decision); "
        f"runnable but waiting for a CPU: {waited:.1f} s"
    )
    print(
        f"bot processes (nice +{args.bot_nice}): CPU {bots_cpu:.1f} s ({100 * bots_cpu / wall:.0f} % of one "
        f"core, {1000 * bots_cpu / max(1, total('decisions')):.2f} ms a decision), peak memory {memory} "
        f"MiB; runnable but waiting for a CPU: {total('waited'):.1f} s"
    )
    print(f"load average at the end: {' '.join(f'{load:.2f}' for load in os.getloadavg())}")
    return 0 if finished == args.tables and not refused and len(records) == args.tables else 1


if __name__ == "__main__":
    sys.exit(main())
