#pragma once
// Everything a page shows, into one folder: every view as
// PNG and SVG, every data series and table as CSV, the scene as JSON, and a
// self-contained report.html (pictures inline) with the numbers of the side
// panel and a list of the files. Used by File > Export all views and by
// `impactlab-cli report` (through impactlab-report, which runs without a
// display and leaves out the 3D view).
#include <QString>
#include <QStringList>
#include <vector>

#include <nlohmann/json.hpp>

#include "pages/ScenePage.h"

namespace impactlab::ui {

struct ReportOptions {
    bool include3dView = true;   // needs a display (VTK renders through GLX)
};

struct ReportResult {
    std::vector<ExportedFile> files;   // written, relative to the folder
    QStringList failures;              // could not be written
    bool ok() const { return failures.isEmpty(); }
};

ReportResult writeReport(ScenePage& page, const nlohmann::json& document, const QString& folder,
                         const ReportOptions& options = {});

}  // namespace impactlab::ui
