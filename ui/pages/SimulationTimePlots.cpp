#include "pages/SimulationTimePlots.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <variant>

namespace impactlab::ui {

namespace {

// Share of a channel's largest magnitude two runs may differ by and still
// draw one line: well below a pixel of any panel.
constexpr double kSameCurveRelTol = 1e-9;

bool haveSameCurves(const SimulationRun& a, const SimulationRun& b) {
    if (a.samples.size() != b.samples.size() || a.channels.size() != b.channels.size()) return false;
    for (std::size_t i = 0; i < a.samples.size(); ++i)
        if (a.samples[i].time != b.samples[i].time) return false;
    for (const RunChannel& ca : a.channels) {
        const RunChannel* cb = b.findChannel(ca.name);
        if (!cb || cb->values.size() != ca.values.size()) return false;
        double scale = 0.0;
        for (double v : ca.values) scale = std::max(scale, std::abs(v));
        for (std::size_t i = 0; i < ca.values.size(); ++i)
            if (!(std::abs(ca.values[i] - cb->values[i]) <= kSameCurveRelTol * scale)) return false;
    }
    return true;
}

}  // namespace

int findFollowedBody(const SimulatedScene& scene, const std::vector<LabelledRun>& runs) {
    const int bodies = static_cast<int>(getScene(scene).bodies.size());
    for (const LabelledRun& labelled : runs)
        if (labelled.run && !labelled.run->impacts.empty()) {
            const int body = labelled.run->impacts.front().body;
            if (body >= 0 && body < bodies) return body;
        }
    return 0;
}

std::vector<PlotPanel> makeTimePlotPanels(const SimulatedScene& scene, const std::vector<LabelledRun>& runs) {
    const bool planar = std::holds_alternative<PlanarScene>(scene);
    const Scene& shared = getScene(scene);
    const int followed = findFollowedBody(scene, runs);
    const std::string name = shared.bodies.empty() ? std::string() : shared.bodies[followed].name;
    const std::string body = name.empty() ? std::string() : name + ".";
    // Each panel names the body it follows: a chain's panels are of the body
    // that strikes, not silently of its first link.
    const QString who = name.empty() ? QString() : QString::fromStdString(name) + ": ";
    struct PanelSpec {
        QString title;
        const char* yLabel;
        std::vector<std::pair<std::string, Qt::PenStyle>> channels;
    };
    std::vector<PanelSpec> specs = {
        {who + "height of the centre", planar ? "y [m]" : "z [m]", {{body + (planar ? "y" : "z"), Qt::SolidLine}}},
        {who + "horizontal position", "x [m]", {{body + "x", Qt::SolidLine}}},
        {who + "vertical velocity", planar ? "v_y [m/s]" : "v_z [m/s]", {{body + (planar ? "vy" : "vz"), Qt::SolidLine}}},
        {who + "horizontal velocity", "v_x [m/s]", {{body + "vx", Qt::SolidLine}}},
        {who + (planar ? "angle" : "angular velocity about y"), planar ? "theta [rad]" : "w_y [rad/s]",
         {{body + (planar ? "theta" : "wy"), Qt::SolidLine}}},
        {who + "angular velocity", "omega [rad/s]", {{body + (planar ? "omega" : "wy"), Qt::SolidLine}}},
        {who + "end heights (left solid, right dashed)", "y [m]",
         {{body + "left_end_y", Qt::SolidLine}, {body + "right_end_y", Qt::DashLine}}},
        {"All bodies: total energy", "T + V [J]", {{"energy", Qt::SolidLine}}},
    };
    if (!planar) specs.erase(specs.begin() + 5);   // w_y already shown
    // Runs whose every plotted curve is another's (an overlay's values that
    // change nothing) say so in the legend: one line would hide the other.
    std::vector<QString> labels;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        labels.push_back(runs[i].label);
        for (std::size_t j = 0; j < i; ++j)
            if (haveSameCurves(*runs[i].run, *runs[j].run)) {
                labels.back() += QString(" (same curves as %1)").arg(runs[j].label);
                break;
            }
    }
    std::vector<PlotPanel> panels;
    for (const PanelSpec& spec : specs) {
        PlotPanel panel{spec.title, QString::fromUtf8(spec.yLabel), {}};
        for (std::size_t r = 0; r < runs.size(); ++r) {
            const LabelledRun& labelled = runs[r];
            const SimulationRun& run = *labelled.run;
            for (const std::pair<std::string, Qt::PenStyle>& channel : spec.channels) {
                const RunChannel* ch = run.findChannel(channel.first);
                if (!ch || ch->values.size() != run.samples.size()) continue;
                PlotCurve c{labels[r], labelled.color, channel.second, {}};
                c.points.reserve(run.samples.size());
                for (size_t i = 0; i < run.samples.size(); ++i) c.points.emplace_back(run.samples[i].time, ch->values[i]);
                panel.curves.push_back(std::move(c));
            }
        }
        if (!panel.curves.empty()) panels.push_back(std::move(panel));
    }
    return panels;
}

}  // namespace impactlab::ui
