#include "document/Report.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "compare/DisplayText.h"
#include "panel/ParameterDisplayUnit.h"

namespace impactlab::ui {

namespace {

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// A picture of the folder inline, so report.html alone shows everything.
QString makeInlineImage(const QDir& dir, const QString& fileName) {
    QFile f(dir.filePath(fileName));
    if (!f.open(QIODevice::ReadOnly)) return fileName.toHtmlEscaped();
    return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(f.readAll().toBase64());
}

QString makeHtml(const ScenePage& page, const nlohmann::json& document, const std::vector<ExportedFile>& files,
                 const QDir& dir) {
    const auto text = [&document](const char* key) {
        const auto it = document.find(key);
        return it != document.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()).toHtmlEscaped()
                                                        : QString();
    };
    QString html;
    html += "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>" + text("name") + " - ImpactLab report</title>\n";
    html += "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}"
            "img{max-width:100%;border:1px solid #ccc;margin:0.5em 0}figure{margin:1.5em 0}"
            "figcaption{color:#555}td,th{padding:2px 8px;text-align:left}</style></head><body>\n";
    html += "<h1>" + text("name") + "</h1>\n<p>" + text("description") + "</p>\n";
    if (!text("reference").isEmpty()) html += "<p><i>" + text("reference") + "</i></p>\n";
    html += "<p>Written by ImpactLab on " + QDateTime::currentDateTime().toString(Qt::ISODate) +
            "; the scene is <a href=\"scene.json\">scene.json</a> (open it in ImpactLab, or run it with "
            "<code>impactlab-cli simulate scene.json</code>).</p>\n";
    html += "<h2>Parameters</h2>\n<table>\n<tr><th>parameter</th><th>value</th><th>unit</th></tr>\n";
    for (const SceneParameter& p : page.parameters()) {
        // In the units and digits of the parameter panel (degrees, GPa), as on screen.
        const ParameterDisplayUnit display = getParameterDisplayUnit(p);
        const bool number = p.kind == SceneParameter::Kind::Number;
        const QString value = number ? displayNumber(display.scale * p.value)
                                     : QString::fromStdString(p.choice).toHtmlEscaped();
        html += "<tr><td>" + QString::fromStdString(p.label).toHtmlEscaped() + "</td><td>" + value + "</td><td>" +
                (number ? display.unit : QString()).toHtmlEscaped() + "</td></tr>\n";
    }
    html += "</table>\n<h2>Results</h2>\n<p>" + page.summaryHtml() + "</p>\n";
    html += page.reportSectionsHtml();
    html += "<h2>Views</h2>\n";
    for (const ExportedFile& f : files)
        if (f.fileName.endsWith(".png"))
            html += "<figure><img src=\"" + makeInlineImage(dir, f.fileName) + "\" alt=\"" + f.description.toHtmlEscaped() +
                    "\"><figcaption>" + f.description.toHtmlEscaped() + "</figcaption></figure>\n";
    html += "<h2>Files</h2>\n<ul>\n";
    for (const ExportedFile& f : files)
        html += "<li><a href=\"" + f.fileName.toHtmlEscaped() + "\">" + f.fileName.toHtmlEscaped() + "</a>: " +
                f.description.toHtmlEscaped() + "</li>\n";
    html += "</ul>\n</body></html>\n";
    return html;
}

}  // namespace

ReportResult writeReport(ScenePage& page, const nlohmann::json& document, const QString& folder,
                         const ReportOptions& options) {
    ReportResult result;
    if (!QDir().mkpath(folder)) {
        result.failures << folder;
        return result;
    }
    const QDir dir(folder);
    result.files = page.exportAllViews(folder, &result.failures, options.include3dView);
    const std::string json = document.dump(2) + "\n";
    if (writeFile(dir.filePath("scene.json"), QByteArray::fromStdString(json)))
        result.files.push_back({"scene.json", "the scene, with every edit"});
    else
        result.failures << "scene.json";
    if (writeFile(dir.filePath("report.html"), makeHtml(page, document, result.files, dir).toUtf8()))
        result.files.push_back({"report.html", "this report"});
    else
        result.failures << "report.html";
    return result;
}

}  // namespace impactlab::ui
