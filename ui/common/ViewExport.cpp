#include "common/ViewExport.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QMessageBox>

namespace impactlab::ui {

namespace {

QString getSuffix(ExportFormat format) {
    switch (format) {
        case ExportFormat::Svg: return ".svg";
        case ExportFormat::Csv: return ".csv";
        case ExportFormat::Png: break;
    }
    return ".png";
}

// The save dialog's filter for a format.
QString getFileFilter(ExportFormat format) {
    switch (format) {
        case ExportFormat::Svg: return QObject::tr("SVG image (*.svg)");
        case ExportFormat::Csv: return QObject::tr("CSV (*.csv)");
        case ExportFormat::Png: break;
    }
    return QObject::tr("PNG image (*.png)");
}

}  // namespace

bool writeTextFile(const QString& path, const std::string& text) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    return f.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
}

ViewExports ViewExports::withCsv(ExportFunction csvExport) && {
    csv = std::move(csvExport);
    return std::move(*this);
}

const ExportFunction& ViewExports::get(ExportFormat format) const {
    switch (format) {
        case ExportFormat::Svg: return svg;
        case ExportFormat::Csv: return csv;
        case ExportFormat::Png: break;
    }
    return png;
}

ExportFormat findExportFormat(const QString& path) {
    if (path.endsWith(".svg", Qt::CaseInsensitive)) return ExportFormat::Svg;
    if (path.endsWith(".csv", Qt::CaseInsensitive)) return ExportFormat::Csv;
    return ExportFormat::Png;
}

bool exportView(const PageView& view, const QString& path) {
    const ExportFunction& write = view.exports.get(findExportFormat(path));
    return write && write(path);
}

std::vector<ExportedFile> exportViews(const std::vector<const PageView*>& views, const QString& folder, bool withDisplay,
                                      QStringList* failures) {
    std::vector<ExportedFile> files;
    const QDir dir(folder);
    auto write = [&](const PageView& v, ExportFormat format, const QString& what) {
        const ExportFunction& exporter = v.exports.get(format);
        if (!exporter) return;
        const QString file = v.name + getSuffix(format);
        if (exporter(dir.filePath(file))) files.push_back({file, what});
        else if (failures) failures->append(file);
    };
    for (const PageView* v : views) {
        if (withDisplay || !v->needsDisplay()) {
            write(*v, ExportFormat::Png, v->title);
            write(*v, ExportFormat::Svg, v->title);
        }
        // The data goes out even when its picture cannot be drawn.
        write(*v, ExportFormat::Csv, v->title + " (data)");
    }
    return files;
}

QAction* makeExportAction(QWidget* parent, const ExportAction& action, ExportFunction write) {
    auto* a = new QAction(action.text, parent);
    a->setObjectName(action.objectName);
    if (!action.shortcut.isEmpty()) a->setShortcut(action.shortcut);
    QObject::connect(a, &QAction::triggered, parent, [parent, action, write = std::move(write)] {
        const QString path =
            QFileDialog::getSaveFileName(parent, action.dialogTitle, QString(), getFileFilter(action.format));
        if (!path.isEmpty() && !write(path))
            QMessageBox::warning(parent, action.dialogTitle, QObject::tr("Could not write ") + path);
    });
    return a;
}

}  // namespace impactlab::ui
