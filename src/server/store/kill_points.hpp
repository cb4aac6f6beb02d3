// A test's way to kill the server (SIGKILL, as `kill -9` would) between two statements of a store
// operation that must be all or nothing: accepting a seek (accept_seek), pairing two quick seeks
// (pair_seeks), storing a game's end with its ratings (end_game), settling a game left unsettled
// (rate_game), adding a batch of games to the game database (add_games), recording a game analysed
// for puzzles with its puzzle (add_analysis). With
// CHESS960_TEST_KILL_AT="<operation>:<n>" in the environment, the process kills itself at the n-th
// statement boundary of <operation> (counted from 1 over the process's life): before each statement
// the operation runs (BEGIN and COMMIT included) and once more after it committed. Without the
// variable a boundary costs a thread-local read.
//
// The crash tests (tests/server/lobby/serve/crash_test.cpp) raise n from 1 until the operation
// completes, so every boundary is tried, including those of statements added later.
#pragma once

#include <string_view>

namespace chess960::server {

// Marks the calling thread as running `operation` (a string literal) until destroyed, which is
// the boundary after the commit.
class KillScope {
  public:
    explicit KillScope(const char* operation);
    ~KillScope();
    KillScope(const KillScope&) = delete;
    KillScope& operator=(const KillScope&) = delete;

  private:
    const char* outer_;
};

// A statement boundary of the operation the calling thread runs, if any: where the process is
// killed when the environment asks for it.
void kill_point();

}  // namespace chess960::server
