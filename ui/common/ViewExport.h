#pragma once
// The views of a page and their exports, declared once. A
// page lists each view with its name, kind, widget and how it writes PNG, SVG
// and CSV; this helper performs the exports (the current view by a file's
// suffix, every view into a folder) and builds the menu actions that export
// (a save dialog, then a warning when the file could not be written).
//
// File names are the view's name and the format's suffix ("hodograph.svg");
// the report, `impactlab-cli report` and the tests rely on them.
#include <QKeySequence>
#include <QString>
#include <QStringList>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

class QAction;
class QWidget;

namespace impactlab::ui {

// Writes a file; false when it could not be written.
using ExportFunction = std::function<bool(const QString& path)>;

// Writes `text` to `path` as it is (CSV, JSON); false when it could not.
bool writeTextFile(const QString& path, const std::string& text);

enum class ViewKind {
    Chart,     // curves or points on axes (Qt Charts)
    Diagram,   // a drawing to scale: impulse space, momenta, a decision tree
    Table,     // rows and columns
    View3d,    // drawn by VTK, which renders through X: needs a display
};

enum class ExportFormat { Png, Svg, Csv };

// How a view writes each format; an empty function is a format it does not offer.
struct ViewExports {
    ExportFunction png, svg, csv;

    // The same, with the CSV written by `csvExport` (the data the page keeps
    // behind the view rather than the view's own).
    ViewExports withCsv(ExportFunction csvExport) &&;
    const ExportFunction& get(ExportFormat format) const;
};

namespace detail {
template <class T, class = void>
struct HasExportPng : std::false_type {};
template <class T>
struct HasExportPng<T, std::void_t<decltype(std::declval<T&>().exportPng(std::declval<const QString&>()))>>
    : std::true_type {};
template <class T, class = void>
struct HasExportSvg : std::false_type {};
template <class T>
struct HasExportSvg<T, std::void_t<decltype(std::declval<T&>().exportSvg(std::declval<const QString&>()))>>
    : std::true_type {};
template <class T, class = void>
struct HasExportCsv : std::false_type {};
template <class T>
struct HasExportCsv<T, std::void_t<decltype(std::declval<T&>().exportCsv(std::declval<const QString&>()))>>
    : std::true_type {};
template <class T, class = void>
struct HasToCsvMember : std::false_type {};
template <class T>
struct HasToCsvMember<T, std::void_t<decltype(std::declval<const T&>().toCsv())>> : std::true_type {};
}  // namespace detail

// The exports of a view widget: every one of exportPng, exportSvg and
// exportCsv (path, at the view's default size) that its class has.
template <class View>
ViewExports makeViewExports(View* view) {
    ViewExports e;
    if constexpr (detail::HasExportPng<View>::value) e.png = [view](const QString& p) { return view->exportPng(p); };
    if constexpr (detail::HasExportSvg<View>::value) e.svg = [view](const QString& p) { return view->exportSvg(p); };
    if constexpr (detail::HasExportCsv<View>::value) e.csv = [view](const QString& p) { return view->exportCsv(p); };
    return e;
}

// The CSV of data a page keeps (held by reference, so the file has the data
// as it is when exported): its toCsv() member, or a free toCsv(data).
template <class Data>
ExportFunction makeCsvExport(const Data& data) {
    return [&data](const QString& path) {
        if constexpr (detail::HasToCsvMember<Data>::value) return writeTextFile(path, data.toCsv());
        else return writeTextFile(path, toCsv(data));
    };
}

// One view of a page: a tab, or the 3D view beside them.
struct PageView {
    QString name;      // stable id: showTab("hodograph"), export file names
    QString title;     // the tab's text
    QString toolTip;   // the paper and figure the view reproduces
    ViewKind kind = ViewKind::Chart;
    QWidget* widget = nullptr;
    ViewExports exports;

    bool needsDisplay() const { return kind == ViewKind::View3d; }
};

// A file written by an export, with what it holds (for the report).
struct ExportedFile {
    QString fileName;      // relative to the export folder
    QString description;
};

// By the file's suffix: .svg, .csv, anything else PNG.
ExportFormat findExportFormat(const QString& path);
// The view in the format the file's suffix names; false when the view does
// not offer that format or the file cannot be written.
bool exportView(const PageView& view, const QString& path);
// Every format each view offers into `folder`, as <name>.png, .svg and .csv;
// without a display the views that need one write their data only. Files
// that could not be written are appended to *failures.
std::vector<ExportedFile> exportViews(const std::vector<const PageView*>& views, const QString& folder, bool withDisplay,
                                      QStringList* failures);

// A menu entry that exports: asks for a file in a save dialog filtered to
// `format`, writes it, and warns when it could not be written.
struct ExportAction {
    QString text;          // the menu entry, with its mnemonic
    QString objectName;    // for tests and scripts
    QString dialogTitle;
    ExportFormat format = ExportFormat::Png;
    QKeySequence shortcut = {};
};
// The action belongs to `parent`, which is also the dialogs' parent.
QAction* makeExportAction(QWidget* parent, const ExportAction& action, ExportFunction write);

}  // namespace impactlab::ui
