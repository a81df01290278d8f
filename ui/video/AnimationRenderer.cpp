#include "video/AnimationRenderer.h"

#include <QFont>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "charts/ChartView.h"
#include "compare/DisplayText.h"
#include "pages/ScenePage.h"
#include "render/VtkView.h"
#include "timeline/TimelineWidget.h"
#include "video/VideoEncoder.h"

namespace impactlab::ui {

namespace {

// A span this much past the run's end is the end itself (the timeline's ticks
// are milliseconds, and a printed end time may be rounded).
constexpr double kSpanSlackSeconds = 1e-6;
// The caption's text height, a fraction of the frame's height, and its least
// size in pixels so a small GIF stays legible.
constexpr double kCaptionHeightFraction = 1.0 / 26.0;
constexpr int kCaptionMinPixels = 10;
// Pixels the diagram beside the 3D view is drawn at, at least, before it is
// scaled to the frame: the app's diagram needs about this to show its plot
// above its legend.
constexpr int kDiagramMinHeight = 560;

// The diagram drawn beside the 3D view: the impulse diagram of a simulation
// page, else whatever tab the page shows.
const PageView* findBesideView(const ScenePage& page) {
    if (const PageView* v = page.findView("diagram"); v && page.tabNames().contains("diagram")) return v;
    return page.findView(page.currentTabName());
}

QString makeCaption(const ScenePage& page, double t) {
    const nlohmann::json& doc = page.document();
    QStringList parts;
    if (doc.contains("name") && doc["name"].is_string()) parts << QString::fromStdString(doc["name"].get<std::string>());
    if (doc.contains("contact") && doc["contact"].is_object() && doc["contact"].contains("law") &&
        doc["contact"]["law"].is_string())
        parts << lawDisplayName(doc["contact"]["law"].get<std::string>());
    parts << TimelineWidget::formatTime(t);
    return parts.join(QStringLiteral("  \u00b7  "));
}

void drawCaption(QImage& image, const QString& text) {
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    QFont font = p.font();
    font.setPixelSize(std::max(kCaptionMinPixels, int(std::lround(image.height() * kCaptionHeightFraction))));
    p.setFont(font);
    const int pad = std::max(3, font.pixelSize() / 3);
    const QRect textRect = p.fontMetrics().boundingRect(text);
    // Top left: the 3D view keeps its own legends (a vehicle's arrows) at the bottom.
    const QRect box(pad, pad,
                    std::min(image.width() - 2 * pad, textRect.width() + 2 * pad), textRect.height() + 2 * pad);
    p.fillRect(box, QColor(0, 0, 0, 150));
    p.setPen(Qt::white);
    p.drawText(box.adjusted(pad, pad, -pad, -pad), Qt::AlignLeft | Qt::AlignVCenter, text);
}

// Selects the last impact at or before `t` on the timeline (what the diagram
// draws; the first before any), then moves to `t`.
void moveTimelineTo(TimelineWidget& timeline, double t, const std::vector<double>& impactTimes) {
    if (!impactTimes.empty()) {
        const auto after = std::upper_bound(impactTimes.begin(), impactTimes.end(), t + kSpanSlackSeconds);
        const int latest = std::max(0, int(after - impactTimes.begin()) - 1);
        if (timeline.selectedEvent() != latest) timeline.selectEvent(latest);
    }
    timeline.setTime(t);
}

// The times of the timeline's events, read by selecting each (the widget
// keeps them private); its selection and time are put back.
std::vector<double> findEventTimes(TimelineWidget& timeline) {
    const int selected = timeline.selectedEvent();
    const double time = timeline.time();
    std::vector<double> times;
    for (int i = 0; i < timeline.eventCount(); ++i) {
        timeline.selectEvent(i);
        times.push_back(timeline.time());
    }
    if (selected >= 0) timeline.selectEvent(selected);
    timeline.setTime(time);
    return times;   // in the list's order, which is time order
}

}  // namespace

bool findAnimationView(const QString& name, AnimationView* view) {
    if (name == "3d") *view = AnimationView::View3d;
    else if (name == "diagram-beside") *view = AnimationView::DiagramBeside;
    else return false;
    return true;
}

QString checkAnimationRequest(const ScenePage& page, AnimationRequest* request) {
    AnimationRequest& r = *request;
    if (r.size.width() <= 0 || r.size.height() <= 0)
        return QString("--size must be positive, got %1x%2").arg(r.size.width()).arg(r.size.height());
    if (!(r.fps > 0.0) || !std::isfinite(r.fps)) return QString("--fps must be > 0, got %1").arg(r.fps);
    if (!(r.speed > 0.0) || !std::isfinite(r.speed)) return QString("--speed must be > 0, got %1").arg(r.speed);
    const TimelineWidget* timeline = page.timeline();
    if (!timeline || !page.bodiesView()) return "this scene's page has no timeline to play";
    const double end = timeline->endTime();
    if (r.to < 0.0) r.to = end;
    if (!std::isfinite(r.from) || !std::isfinite(r.to) || r.from < 0.0 || r.to > end + kSpanSlackSeconds || r.from >= r.to)
        return QString("the span %1..%2 s is not inside the scene's run 0..%3 s").arg(r.from).arg(r.to).arg(end);
    if (r.view == AnimationView::DiagramBeside) {
        if (!findBesideView(page)) return "this scene's page has no diagram";
        r.impactTimes = findEventTimes(*page.timeline());
    }
    if (calcAnimationFrameCount(r) < 1) return "the span is shorter than one frame";
    return {};
}

int calcAnimationFrameCount(const AnimationRequest& r) { return int(std::lround((r.to - r.from) / r.speed * r.fps)); }

double calcAnimationFrameTime(const AnimationRequest& r, int frame) { return r.from + frame * r.speed / r.fps; }

QImage renderAnimationFrame(ScenePage& page, const AnimationRequest& request, int frame) {
    const double t = calcAnimationFrameTime(request, frame);
    const bool beside = request.view == AnimationView::DiagramBeside;
    moveTimelineTo(*page.timeline(), t, request.impactTimes);
    const int w = request.size.width(), h = request.size.height();
    const int w3d = beside ? w / 2 : w;
    VtkView* view = page.bodiesView();
    if (view->size() != QSize(w3d, h)) {
        view->resize(w3d, h);
        page.resetCamera();   // framed for this aspect
    }
    QImage image(request.size, QImage::Format_RGB32);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.drawImage(0, 0, view->renderToImage());
        if (beside) {
            // Drawn at least kDiagramMinHeight tall and scaled down, so the
            // legend does not crowd the plot out of a short frame. A chart is
            // drawn as its export (the legend beside the plot); another view
            // as the widget.
            const double scale = std::max(1.0, double(kDiagramMinHeight) / h);
            const QSize logical(int(std::lround((w - w3d) * scale)), int(std::lround(h * scale)));
            QWidget* diagram = findBesideView(page)->widget;
            QImage drawn;
            if (const auto* chart = qobject_cast<const ChartView*>(diagram)) {
                drawn = chart->renderImage(logical);
            } else {
                diagram->resize(logical);
                drawn = diagram->grab().toImage();
            }
            p.setRenderHint(QPainter::SmoothPixmapTransform);
            p.drawImage(QRect(w3d, 0, w - w3d, h), drawn);
        }
    }
    drawCaption(image, makeCaption(page, t));
    return image;
}

bool writeAnimation(ScenePage& page, const AnimationRequest& request, const QString& path,
                    const std::function<bool(int, int)>& progress, QString* error) {
    VideoEncoder encoder;
    if (!encoder.open(path, {request.size, request.fps})) {
        *error = encoder.error();
        return false;
    }
    if (request.view == AnimationView::DiagramBeside) page.showTab(findBesideView(page)->name);
    const int total = calcAnimationFrameCount(request);
    for (int k = 0; k < total; ++k) {
        if (!encoder.addFrame(renderAnimationFrame(page, request, k))) {
            *error = encoder.error();
            return false;
        }
        if (progress && !progress(k + 1, total)) {
            encoder.cancel();
            *error = "cancelled";
            return false;
        }
    }
    if (!encoder.finish()) {
        *error = encoder.error();
        return false;
    }
    return true;
}

}  // namespace impactlab::ui
