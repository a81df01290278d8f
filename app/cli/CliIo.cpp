#include "cli/CliIo.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>

#include "cli/Cli.h"
#include "io/JsonInput.h"
#include "io/ResultJson.h"

namespace impactlab::cli {

std::string getSourceName(const std::string& path) { return path == "-" ? "stdin" : path; }

std::string readInputText(const std::string& path, std::istream& in) {
    // Over the size limit, input is refused from its size (a file) or as soon
    // as the limit is passed (a stream), never after reading it in full.
    std::string text;
    if (path == "-") {
        if (!readStreamWithinLimit(in, "stdin", text)) throw IoError("stdin: read failed");
        return text;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw IoError(path + ": is a directory, not a file");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw IoError(path + ": cannot open (" + std::strerror(errno) + ")");
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec) requireInputSize(size, path);
    if (!readStreamWithinLimit(file, path, text)) throw IoError(path + ": read failed");
    return text;
}

void writeJson(const nlohmann::ordered_json& document, std::ostream& out) {
    if (const auto bad = findNonFiniteNumber(document))
        throw InternalError("computed a non-finite number at " + *bad +
                            "; no result printed (this is a bug, please report it with the input)");
    // nlohmann prints doubles with 17 significant digits: they read back exactly.
    const std::string text = document.dump(2);
    out << text << '\n';
    out.flush();
    if (!out) throw IoError("cannot write to standard output");
}

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
    const std::string tmp = path + ".partial";
    {
        std::ofstream out(tmp);
        if (!out) throw IoError(path + ": cannot open for writing (" + std::strerror(errno) + ")");
        out << std::setprecision(17);
        write(out);
        out.flush();
        if (!out) {
            std::remove(tmp.c_str());
            throw IoError(path + ": write failed");
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        throw IoError(path + ": cannot write (" + std::strerror(errno) + ")");
    }
}

}  // namespace impactlab::cli
