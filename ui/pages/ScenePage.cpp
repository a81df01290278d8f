#include "pages/ScenePage.h"

#include <QEvent>
#include <QFontMetrics>
#include <QTabBar>
#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include "common/RichTextLabel.h"
#include "common/SideTabStyle.h"
#include "panel/ParameterPanel.h"
#include "render/VtkView.h"
#include "scene/ParameterConditions.h"
#include "scene/SceneOverlay.h"

namespace impactlab::ui {

namespace {
// Pixels: room for a label, a slider and a spin box with its unit, the
// widest row of any built-in scene at the default font.
constexpr int kSidePanelWidth = 450;
// Splitter sizes in proportion: equal shares give equal halves.
constexpr int kEqualShare = 1000;
// Pixels a tab above the views adds to its title (frame and padding of the
// Fusion style at the default font, measured: 24-26), with a margin; and the
// bar's own slack beyond its tabs.
constexpr int kTabPaddingPx = 28;
// The split between the 3D view and the views when the tabs stand beside the
// views: 40 % and 60 % (the vehicle caption still fits a 1280 px window's 3D view).
constexpr int kSideTabsViewShare = 800;
constexpr int kSideTabsPaneShare = 1200;
constexpr int kTabBarSlackPx = 8;
// The pages that draw overlays, for the note on a page that does not.
const char* const kOverlayPages =
    "the multi-point impact (PLUS), simulation, vehicle, single-impact and granular pages";
}  // namespace

ScenePage::ScenePage(QWidget* parent) : QWidget(parent) {
    side_ = makeSceneSidePanel(kSidePanelWidth);
    tabs_ = new QTabWidget;
    tabs_->setObjectName("viewTabs");
    // Titles never elided: when they do not fit in a row above the views the
    // bar moves to the side, written across (placeTabBar); each title's
    // tooltip says what the view shows.
    tabs_->setUsesScrollButtons(true);
    tabs_->setElideMode(Qt::ElideNone);
    auto* style = new SideTabStyle;
    style->setParent(tabs_->tabBar());
    tabs_->tabBar()->setStyle(style);
    tabs_->installEventFilter(this);
    connect(side_.panel, &ParameterPanel::overlayRequested, this,
            [this](const QString& id, const QVector<double>& values) { setOverlay(id, values); });
    connect(side_.panel, &ParameterPanel::overlayCleared, this, [this] { clearOverlay(); });
}

bool ScenePage::eventFilter(QObject* watched, QEvent* event) {
    if (watched == tabs_ && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) placeTabBar();
    return QWidget::eventFilter(watched, event);
}

int ScenePage::calcTabRowWidth() const {
    // A tab above the views is its title plus the style's frame and padding.
    const QFontMetrics fm(tabs_->tabBar()->font());
    int width = kTabBarSlackPx;
    for (int i = 0; i < tabs_->count(); ++i)
        if (tabs_->isTabVisible(i)) width += fm.horizontalAdvance(tabs_->tabText(i)) + kTabPaddingPx;
    return width;
}

void ScenePage::placeTabBar() {
    // Judged on the width the pane has in an even split (until the user sets
    // the split): the side position widens the pane, and judging on that
    // width would move the bar back above, and so on for ever.
    const int available = viewsSplitter_ && !splitSetByUser_
                              ? (viewsSplitter_->width() - viewsSplitter_->handleWidth()) / 2
                              : tabs_->width();
    const QTabWidget::TabPosition wanted = calcTabRowWidth() > available ? QTabWidget::West : QTabWidget::North;
    if (tabs_->tabPosition() == wanted) return;
    tabs_->setTabPosition(wanted);
    // Tabs beside the views take some of the pane's width: the pane gets a
    // larger share of the split, unless the user has set the split.
    if (viewsSplitter_ && !splitSetByUser_)
        viewsSplitter_->setSizes(wanted == QTabWidget::West ? QList<int>{kSideTabsViewShare, kSideTabsPaneShare}
                                                            : QList<int>{kEqualShare, kEqualShare});
}

ScenePage::~ScenePage() = default;

void ScenePage::buildLayout(VtkView* view3d, QWidget* below, QWidget* extraSide) {
    view3d_ = view3d;
    if (extraSide) side_.insertBeforeSummary(extraSide);
    auto* views = new QSplitter(Qt::Horizontal);
    views->setObjectName("viewSplitter");
    views->addWidget(view3d);
    views->addWidget(tabs_);
    views->setStretchFactor(0, 1);
    views->setStretchFactor(1, 1);
    views->setChildrenCollapsible(false);
    // Half and half at first, whatever the tabs' titles would ask for.
    views->setSizes({kEqualShare, kEqualShare});
    viewsSplitter_ = views;
    // Only a user's drag of the handle emits this: from then on the split is theirs.
    connect(views, &QSplitter::splitterMoved, this, [this] { splitSetByUser_ = true; });
    QWidget* centre = views;
    if (below) {
        centre = new QWidget;
        auto* l = new QVBoxLayout(centre);
        l->setContentsMargins(0, 0, 0, 0);
        l->addWidget(views, 1);
        l->addWidget(below);
    }
    auto* main = new QSplitter(Qt::Horizontal);
    main->setObjectName("pageSplitter");
    main->addWidget(side_.scroll);
    main->addWidget(centre);
    main->setStretchFactor(1, 1);
    main->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(main);
}

void ScenePage::addView(PageView view) {
    const int i = tabs_->addTab(view.widget, view.title);
    tabs_->setTabToolTip(i, view.toolTip.isEmpty() ? view.title : view.title + "\n" + view.toolTip);
    view.widget->setObjectName(view.name + "View");
    views_.push_back(std::move(view));
}

void ScenePage::showSceneHeader(const std::string& name, const std::string& description, const std::string& reference,
                                const std::vector<SceneParameter>& parameters, const std::string& law) {
    side_.title->setText(QString::fromStdString(name));
    QString text = QString::fromStdString(description).toHtmlEscaped();
    if (!reference.empty()) text += "<br><i>" + QString::fromStdString(reference).toHtmlEscaped() + "</i>";
    side_.description->setText(text);
    side_.description->setToolTip(QString::fromStdString(reference));
    side_.panel->setParameters(parameters, QString::fromStdString(reference));
    side_.panel->setLaw(QString::fromStdString(law));
    updateParameterModes();
    placeTabBar();   // a scene may show other tabs than the last
}

void ScenePage::updateParameterModes() {
    const std::vector<SceneParameter>& all = parameters();
    std::vector<ParameterCondition> conditions;
    try {
        conditions = readParameterConditions(document(), all);
    } catch (const std::exception&) {
        return;   // the scene's reader refused such a document before it was shown
    }
    for (const ParameterCondition& c : conditions)
        side_.panel->setRowInapplicable(QString::fromStdString(c.parameter),
                                        QString::fromStdString(findInapplicableReason(conditions, all, c.parameter)));
    showOverlayLine();
}

void ScenePage::showOverlayLine() {
    std::optional<SceneOverlay> overlay;
    try {
        overlay = readSceneOverlay(document(), parameters());
    } catch (const std::exception&) {
        // the scene's reader refused such a document before it was shown
    }
    if (!overlay) {
        side_.panel->showOverlay({});
        return;
    }
    const SceneParameter* p = findParameter(overlay->parameter);
    QStringList values;
    QVector<double> numbers;
    for (std::size_t i = 0; i < overlay->getValueCount(); ++i) {
        if (overlay->kind == SceneParameter::Kind::Number) {
            values << formatValue(QString::fromStdString(overlay->parameter), overlay->numbers[i]);
            numbers << overlay->numbers[i];
        } else {
            values << QString::fromStdString(overlay->choices[i]);
        }
    }
    const QString id = QString::fromStdString(overlay->parameter);
    const QString text = tr("<b>Overlay</b>: %1 = %2").arg(id.toHtmlEscaped(), values.join(", ").toHtmlEscaped());
    QString note;
    if (!drawsOverlays())
        note = tr("Overlays are drawn on %1 only: this page shows the scene's own value.").arg(kOverlayPages);
    else if (!overlayScopeNote().isEmpty())
        note = overlayScopeNote();
    else if (p && !side_.panel->inapplicableReason(id).isEmpty())
        note = tr("%1 changes nothing in this mode: %2").arg(id, side_.panel->inapplicableReason(id));
    side_.panel->showOverlay(text, note, id, numbers);
}

bool ScenePage::setOverlay(const QString& id, const QVector<double>& siValues) {
    if (siValues.isEmpty()) return clearOverlay();
    nlohmann::json after;
    QStringList shown;
    try {
        SceneOverlay overlay;
        overlay.parameter = id.toStdString();
        overlay.numbers.assign(siValues.begin(), siValues.end());
        after = setSceneOverlay(document(), overlay);
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromUtf8(e.what()));
        return false;
    }
    for (double v : siValues) shown << formatValue(id, v);
    return requestDocumentEdit(tr("Overlay %1 = %2").arg(id, shown.join(", ")), after);
}

bool ScenePage::clearOverlay() {
    if (!document().contains(kOverlayKey)) return true;
    return requestDocumentEdit(tr("Clear overlay"), setSceneOverlay(document(), std::nullopt));
}

void ScenePage::setPanelLaw(const std::string& law) { side_.panel->setLaw(QString::fromStdString(law)); }

void ScenePage::setSummary(const QString& html) { side_.summary->setText(html); }

QString ScenePage::summaryHtml() const { return side_.summary->text(); }

bool ScenePage::requestDocumentEdit(const QString& text, const nlohmann::json& document) {
    if (editHandler_) return editHandler_(text, document);
    try {
        openDocument(document);
        return true;
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromUtf8(e.what()));
        return false;
    }
}

QString ScenePage::formatValue(const QString& id, double siValue) const { return side_.panel->formatValue(id, siValue); }

QStringList ScenePage::tabNames() const {
    QStringList names;
    for (const PageView& v : views_)
        if (tabs_->isTabVisible(tabs_->indexOf(v.widget))) names << v.name;
    return names;
}

const PageView* ScenePage::findView(const QString& name) const {
    for (const PageView& v : views_)
        if (v.name == name) return &v;
    return nullptr;
}

bool ScenePage::showTab(const QString& name) {
    const PageView* v = findView(name);
    if (!v || !tabs_->isTabVisible(tabs_->indexOf(v->widget))) return false;
    tabs_->setCurrentWidget(v->widget);
    return true;
}

QString ScenePage::currentTabName() const {
    for (const PageView& v : views_)
        if (v.widget == tabs_->currentWidget()) return v.name;
    return {};
}

bool ScenePage::exportCurrentView(const QString& path) {
    for (const PageView& v : views_)
        if (v.widget == tabs_->currentWidget()) return exportView(v, path);
    return false;
}

bool ScenePage::export3dPng(const QString& path) { return view3d_ && view3d_->saveImage(path); }

std::vector<ExportedFile> ScenePage::exportAllViews(const QString& folder, QStringList* failures, bool include3dView) {
    prepareForExport();
    // The 3D view first, as view3d.png; then every tab this scene shows (a
    // tab hidden on this scene, a vehicle view on another kind, has nothing
    // to show).
    const PageView bodies{"view3d", "3D view", {}, ViewKind::View3d, view3d_,
                          {[this](const QString& p) { return export3dPng(p); }, {}, {}}};
    std::vector<const PageView*> shown;
    if (view3d_ && include3dView) shown.push_back(&bodies);
    for (const PageView& v : views_) {
        const int i = tabs_->indexOf(v.widget);
        if (tabs_->isTabVisible(i) && tabs_->isTabEnabled(i)) shown.push_back(&v);
    }
    std::vector<ExportedFile> files = exportViews(shown, folder, include3dView, failures);
    for (ExportedFile& f : exportData(folder, failures)) files.push_back(std::move(f));
    return files;
}

void ScenePage::updateVisibleViews() {
    if (view3d_) view3d_->update();
    if (QWidget* w = tabs_->currentWidget()) w->update();
}

}  // namespace impactlab::ui
