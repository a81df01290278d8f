// Practice 1 of style.md: core/ depends on Eigen (and JSON) only. A core file
// that includes a Qt or VTK header fails this test.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

namespace fs = std::filesystem;

TEST(Layering, CoreIncludesNeitherQtNorVtk) {
    const fs::path core = fs::path(IMPACTLAB_SOURCE_DIR) / "core";
    ASSERT_TRUE(fs::is_directory(core)) << core;
    const std::regex forbidden(R"(^\s*#\s*include\s*[<"](Q[A-Za-z]*|vtk[A-Za-z0-9_]*|Qt[A-Za-z]*/[^>"]*)(\.h)?[>"])");
    int filesRead = 0;
    for (const auto& entry : fs::recursive_directory_iterator(core)) {
        const auto ext = entry.path().extension().string();
        if (ext != ".h" && ext != ".cpp" && ext != ".hpp") continue;
        ++filesRead;
        std::ifstream in(entry.path());
        std::string line;
        int lineNo = 0;
        while (std::getline(in, line)) {
            ++lineNo;
            EXPECT_FALSE(std::regex_search(line, forbidden))
                << entry.path() << ":" << lineNo << " includes a GUI header: " << line;
        }
    }
    EXPECT_GT(filesRead, 10) << "the scan found too few core files to be meaningful";
}

TEST(Layering, DetectorCatchesQtAndVtkIncludes) {
    const std::regex forbidden(R"(^\s*#\s*include\s*[<"](Q[A-Za-z]*|vtk[A-Za-z0-9_]*|Qt[A-Za-z]*/[^>"]*)(\.h)?[>"])");
    EXPECT_TRUE(std::regex_search(std::string("#include <QWidget>"), forbidden));
    EXPECT_TRUE(std::regex_search(std::string("#include <QtCharts/QChart>"), forbidden));
    EXPECT_TRUE(std::regex_search(std::string("#include <vtkRenderer.h>"), forbidden));
    EXPECT_FALSE(std::regex_search(std::string("#include <Eigen/Dense>"), forbidden));
    EXPECT_FALSE(std::regex_search(std::string("#include \"impact/Newton.h\""), forbidden));
}
