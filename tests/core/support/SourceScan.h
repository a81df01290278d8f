#pragma once
// Tests that read the project's own sources (layering, naming): every C++
// source and header below the named top-level folders, line by line.
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <string>

namespace impactlab::test {

// Calls visit(rel, lineNo, line) for every line of every .h, .hpp and .cpp
// file below `folders` of `root` (rel: the file's path from `root`, with '/'),
// skipping files for which skip(rel) holds; returns how many files it read.
inline int forEachSourceLine(const std::filesystem::path& root, std::initializer_list<const char*> folders,
                             const std::function<bool(const std::string& rel)>& skip,
                             const std::function<void(const std::string& rel, int lineNo, const std::string& line)>& visit) {
    namespace fs = std::filesystem;
    int filesRead = 0;
    for (const char* folder : folders) {
        if (!fs::is_directory(root / folder)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
            const auto ext = entry.path().extension().string();
            if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp" && ext != ".hpp")) continue;
            const std::string rel = fs::relative(entry.path(), root).generic_string();
            if (skip && skip(rel)) continue;
            ++filesRead;
            std::ifstream in(entry.path());
            std::string line;
            int lineNo = 0;
            while (std::getline(in, line)) visit(rel, ++lineNo, line);
        }
    }
    return filesRead;
}

}  // namespace impactlab::test
