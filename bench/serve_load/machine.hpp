// What the machine is and what else runs on it: the load generator shares its cores with the
// server and, here, with whatever else is building, so every figure comes with how busy the
// machine was.
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace serve_load {

struct MachineInfo {
    std::string cpu_model;
    int cpus = 0;  // online CPUs (nproc)
    std::string kernel;
    std::string load_average;  // /proc/loadavg's first three fields
};
MachineInfo describe_machine();
std::string load_average();

// CPU time of the whole machine and of this process, to split a run's CPU use into server,
// generator and everything else.
struct CpuSample {
    double machine_busy = 0;  // CPU seconds all CPUs spent not idle since boot
    double self = 0;          // this process's user + system seconds
};
CpuSample sample_cpu();

// The time the threads of process `pid` spent runnable but waiting for a CPU, summed over its
// threads (the second field of /proc/<pid>/task/*/schedstat), in seconds.
double runqueue_wait_seconds(int pid);

// CPU use over a measured window: the server's, the generator's and everything else's.
struct CpuUse {
    double wall = 0;
    double server = 0;
    double generator = 0;
    double machine = 0;  // all CPUs, busy
    // Time the threads were runnable but waiting for a CPU (summed over threads): how much
    // the machine's other work held them back.
    double server_waiting = 0;
    double generator_waiting = 0;
    std::vector<std::string> others_busiest;  // other processes, busiest first
    double others() const { return std::max(0.0, machine - server - generator); }
};

// The processes that used the most CPU over `seconds` (sampled from /proc), as
// "<cpu %> <command> (pid N)" lines, busiest first.
std::vector<std::string> busiest_processes(double seconds, std::size_t count);

// CPU time of every process at one moment, to tell later who used the CPU in between.
struct ProcessSnapshot {
    std::map<int, std::pair<std::string, unsigned long long>> ticks;  // pid -> command, ticks
    double at = 0;                                                    // seconds, monotonic
};
ProcessSnapshot snapshot_processes();
// The busiest processes between two snapshots, leaving out `excluded` pids.
std::vector<std::string> busiest_between(const ProcessSnapshot& before,
                                         const ProcessSnapshot& after, std::size_t count,
                                         const std::vector<int>& excluded);

// CPU seconds used between two snapshots by the processes named `command` that were running at
// both (PostgreSQL's: its backends live as long as the servers' connections).
double cpu_seconds_of(const ProcessSnapshot& before, const ProcessSnapshot& after,
                      const std::string& command);

// Waits until the rest of the machine (all but this process) uses less than `cores` CPUs over
// a few seconds, for at most `max_seconds`; returns the CPUs the rest used in the last sample.
double wait_for_quiet(double cores, double max_seconds);

}  // namespace serve_load
