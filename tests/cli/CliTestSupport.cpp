#include "CliTestSupport.h"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace impactlab::test {

namespace fs = std::filesystem;

namespace {

std::string quote(const std::string& arg) {
    std::string q = "'";
    for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

int CliRun::errLines() const {
    int n = 0;
    for (char c : err) n += c == '\n';
    return n;
}

std::string makeTempPath(const std::string& suffix) {
    // ctest runs each test in its own process, possibly in parallel: the pid and
    // a counter keep names apart.
    static std::atomic<int> counter{0};
    const std::string name = "impactlab-cli-test-" + std::to_string(::getpid()) + "-" +
                             std::to_string(counter++) + suffix;
    return (fs::temp_directory_path() / name).string();
}

CliRun runCli(const std::vector<std::string>& args, const std::string& stdinPath) {
    const std::string outPath = makeTempPath(".out");
    const std::string errPath = makeTempPath(".err");
    std::string command = quote(IMPACTLAB_CLI_PATH);
    for (const std::string& a : args) command += " " + quote(a);
    command += " < " + quote(stdinPath.empty() ? "/dev/null" : stdinPath);
    command += " > " + quote(outPath) + " 2> " + quote(errPath);
    const int status = std::system(command.c_str());
    CliRun run;
    run.exitCode = (status != -1 && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
    run.out = readFile(outPath);
    run.err = readFile(errPath);
    fs::remove(outPath);
    fs::remove(errPath);
    return run;
}

std::string getProblemPath(const std::string& name) {
    return (fs::path(IMPACTLAB_PROBLEMS_DIR) / name).string();
}

nlohmann::json loadProblem(const std::string& name) {
    return nlohmann::json::parse(readFile(getProblemPath(name)));
}

TempProblem::TempProblem(const nlohmann::json& document) : path_(makeTempPath(".json")) {
    std::ofstream(path_) << document.dump(2);
}

TempProblem::~TempProblem() {
    std::error_code ec;
    fs::remove(path_, ec);
}

Vec3 toVec3(const nlohmann::json& a) {
    return Vec3(a.at(0).get<double>(), a.at(1).get<double>(), a.at(2).get<double>());
}

Mat3 toMat3(const nlohmann::json& rows) {
    Mat3 m;
    for (int r = 0; r < 3; ++r) m.row(r) = toVec3(rows.at(r)).transpose();
    return m;
}

nlohmann::json toJson(const Vec3& v) { return nlohmann::json::array({v.x(), v.y(), v.z()}); }

nlohmann::json toJson(const Mat3& m) {
    return nlohmann::json::array({toJson(Vec3(m.row(0))), toJson(Vec3(m.row(1))), toJson(Vec3(m.row(2)))});
}

}  // namespace impactlab::test
