#include "cli/ReportProgram.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "cli/Cli.h"

namespace impactlab::cli {

namespace fs = std::filesystem;

const char* const kNoReportProgramMessage =
    "needs impactlab-report, which is built with the desktop app (IMPACTLAB_BUILD_UI); "
    "set IMPACTLAB_REPORT to its path";

// Beside comes first, so an installed CLI runs its own installation's report
// even while the build tree it came from exists.
std::string findReportProgram() {
    if (const char* env = std::getenv("IMPACTLAB_REPORT"); env && *env) return env;
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path beside = self.parent_path() / "impactlab-report";
        if (fs::exists(beside)) return beside.string();
    }
#ifdef IMPACTLAB_REPORT_PATH
    if (fs::exists(IMPACTLAB_REPORT_PATH)) return IMPACTLAB_REPORT_PATH;
#endif
    return {};
}

namespace {

// In the child: point `fd` at `path` (created or truncated); exits on failure.
void redirectTo(int fd, const std::string& path) {
    if (path.empty()) return;
    const int target = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (target < 0 || dup2(target, fd) < 0) _exit(kExitIo);
    close(target);
}

}  // namespace

int runProgram(const std::vector<std::string>& argv, const std::string& stdoutPath, const std::string& stderrPath) {
    std::vector<std::string> args = argv;
    const pid_t pid = fork();
    if (pid < 0) throw InternalError("cannot start " + argv.front() + ": " + std::strerror(errno));
    if (pid == 0) {
        redirectTo(STDOUT_FILENO, stdoutPath);
        redirectTo(STDERR_FILENO, stderrPath);
        std::vector<char*> cargs;
        for (std::string& a : args) cargs.push_back(a.data());
        cargs.push_back(nullptr);
        execv(cargs.front(), cargs.data());
        _exit(kExitInternal);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) throw InternalError("lost " + argv.front() + ": " + std::strerror(errno));
    return WIFEXITED(status) ? WEXITSTATUS(status) : kExitInternal;
}

}  // namespace impactlab::cli
