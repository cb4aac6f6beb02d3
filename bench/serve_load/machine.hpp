// What the machine is and what else runs on it: the load generator shares its cores with the
// server and, here, with whatever else is building, so every figure comes with how busy the
// machine was.
#pragma once

#include <algorithm>
#include <string>
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

// CPU use over a measured window: the server's, the generator's and everything else's.
struct CpuUse {
    double wall = 0;
    double server = 0;
    double generator = 0;
    double machine = 0;  // all CPUs, busy
    double others() const { return std::max(0.0, machine - server - generator); }
};

// The processes that used the most CPU over `seconds` (sampled from /proc), as
// "<cpu %> <command>" lines, busiest first.
std::vector<std::string> busiest_processes(double seconds, std::size_t count);

}  // namespace serve_load
