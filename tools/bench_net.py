"""Benchmark the network host over loopback (issue 19): many tables of headless bot clients.

    python tools/bench_net.py [--tables 50] [--seats 4] [--think 0.1] [--timeout 600] [--folder DIR]

Starts ``python -m cacao_game --serve`` on 127.0.0.1 (a free port) as its own process, then,
in this process, ``--tables`` tables of ``--seats`` bot clients each (``cacao_game.net.bot``:
one creates the table, the others join with its code; every bot plays random legal moves
after ``--think`` seconds on average). When every game is over (or ``--timeout``), it stops
the host with SIGTERM and prints:

- games finished, decisions, and every record the host filed checked by ``tools/referee.py``;
- the delay from a decision sent to the update that shows it, as each client saw it: p50,
  p90, p99 and the worst (the issue's goal: p99 <= 20 ms), next to the round trip of plain
  WebSocket pings to the host over the same run (no game work: the floor the machine sets);
- the host process's peak and final resident memory (``/proc``) and its CPU time, as seconds
  and as a share of one core over the run; the host's own time per decision (from reading a
  ``decide`` to queueing its updates, logged by the host when it stops); the CPU the bot
  clients used, and the load average (the machine may be shared).

Only 127.0.0.1 is used. The bots run in one process and share the machine with the host, so
the delays include the clients' own work (reading each update and rebuilding the view).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import statistics
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


async def table(port: int, number: int, seats: int, think: float, timeout: float) -> list[BotReport]:
    """One table: a bot creates it, the others join; every bot's report at the end."""
    options = p.TableOptions([p.SeatSpec("remote") for _ in range(seats)], standin=None)
    creator = Bot(LOCAL, port, p.Create(p.VERSION, f"Bot {number}", options), seed=number * 10, think=think)
    tasks = [asyncio.create_task(creator.run(timeout))]
    await asyncio.wait_for(creator.joined.wait(), 30.0)
    code = creator.link.code
    assert code is not None
    for seat in range(1, seats):
        joiner = Bot(
            LOCAL, port, p.Join(p.VERSION, code, f"Bot {number}.{seat}"), seed=number * 10 + seat, think=think
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


async def play(
    port: int, tables: int, seats: int, think: float, timeout: float, rtts: list[float]
) -> list[list[BotReport]]:
    """Every table at once, with a pinger alongside."""
    done = asyncio.Event()
    pinger = asyncio.create_task(ping(port, rtts, done))
    results = list(await asyncio.gather(*(table(port, n, seats, think, timeout) for n in range(tables))))
    done.set()
    await pinger
    return results


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--think", type=float, default=0.1, help="mean seconds a bot waits before deciding")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before giving up")
    parser.add_argument("--folder", type=Path, default=None, help="host folder (default: a temp folder)")
    args = parser.parse_args()
    from referee_loader import load_referee  # tests/ helper: the referee script as a module

    folder = args.folder or Path(tempfile.mkdtemp(prefix="cacao-bench-net-"))
    log = folder / "host.log"
    port = free_port()
    host = start_server(port, folder, log)
    cpu_before = proc_cpu(host.pid)
    own_before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    try:
        rtts: list[float] = []
        results = asyncio.run(play(port, args.tables, args.seats, args.think, args.timeout, rtts))
        wall = time.perf_counter() - started
        cpu = proc_cpu(host.pid) - cpu_before
        peak, current = proc_memory(host.pid)
        own_after = resource.getrusage(resource.RUSAGE_SELF)
    finally:
        host.send_signal(signal.SIGTERM)
        code = host.wait(60)
    own = (own_after.ru_utime + own_after.ru_stime) - (own_before.ru_utime + own_before.ru_stime)
    handled = [line for line in log.read_text().splitlines() if "handled" in line]
    reports = [report for tables in results for report in tables]
    finished = sum(all(report.finished for report in tables) for tables in results)
    decisions = sum(tables[0].state.decisions for tables in results if tables[0].state is not None)
    delays = [delay * 1000 for report in reports for delay in report.delays]
    referee = load_referee()
    records = sorted((folder / "records").glob("*.json"))
    refused = [path.name for path in records if referee.check_record(json.loads(path.read_text()))]
    print(f"machine: {os.cpu_count()} cores, shared with other work; host pid {host.pid}, exit code {code}")
    print(f"tables: {args.tables} x {args.seats} bot clients, think {args.think:g} s, wall {wall:.1f} s")
    print(
        f"games finished: {finished}/{args.tables}; decisions: {decisions}; refusals: "
        f"{sum(len(r.refusals) for r in reports)}; failures: {sum(r.failed is not None for r in reports)}"
    )
    print(
        f"records: {len(records)} filed, {len(records) - len(refused)} pass tools/referee.py {refused or ''}"
    )
    if delays:
        print(
            f"decision -> update delay (ms, {len(delays)} samples): p50 {percentile(delays, 0.5):.1f}, "
            f"p90 {percentile(delays, 0.9):.1f}, p99 {percentile(delays, 0.99):.1f}, "
            f"max {max(delays):.1f}, mean {statistics.fmean(delays):.1f} (goal p99 <= 20)"
        )
    if rtts:
        pings = [rtt * 1000 for rtt in rtts]
        print(
            f"ping round trip, no game work (ms, {len(pings)} samples): p50 {percentile(pings, 0.5):.1f}, "
            f"p90 {percentile(pings, 0.9):.1f}, p99 {percentile(pings, 0.99):.1f}, max {max(pings):.1f}"
        )
    print(f"host memory: peak {peak:.1f} MiB, at the end {current:.1f} MiB")
    print(f"host CPU: {cpu:.1f} s over {wall:.1f} s ({100 * cpu / wall:.0f} % of one core)")
    print(f"host's own time per decision: {handled[-1].split(': ', 1)[1] if handled else '?'}")
    print(f"bot clients' CPU (this process): {own:.1f} s ({100 * own / wall:.0f} % of one core)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0 if finished == args.tables and not refused and len(records) == args.tables else 1


if __name__ == "__main__":
    sys.exit(main())
