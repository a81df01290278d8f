#include "pages/SimulationTimePlots.h"

#include <string>
#include <utility>
#include <variant>

namespace impactlab::ui {

std::vector<PlotPanel> makeTimePlotPanels(const SimulatedScene& scene, const std::vector<LabelledRun>& runs) {
    const bool planar = std::holds_alternative<PlanarScene>(scene);
    const Scene& shared = getScene(scene);
    const std::string body = shared.bodies.empty() ? std::string() : shared.bodies[0].name + ".";
    struct PanelSpec {
        const char* title;
        const char* yLabel;
        std::vector<std::pair<std::string, Qt::PenStyle>> channels;
    };
    std::vector<PanelSpec> specs = {
        {"Height of the centre", planar ? "y [m]" : "z [m]", {{body + (planar ? "y" : "z"), Qt::SolidLine}}},
        {"Horizontal position", "x [m]", {{body + "x", Qt::SolidLine}}},
        {"Vertical velocity", "[m/s]", {{body + (planar ? "vy" : "vz"), Qt::SolidLine}}},
        {"Horizontal velocity", "v_x [m/s]", {{body + "vx", Qt::SolidLine}}},
        {planar ? "Angle" : "Angular velocity about y", planar ? "theta [rad]" : "w_y [rad/s]",
         {{body + (planar ? "theta" : "wy"), Qt::SolidLine}}},
        {"Angular velocity", "[rad/s]", {{body + (planar ? "omega" : "wy"), Qt::SolidLine}}},
        {"End heights (left solid, right dashed)", "[m]",
         {{body + "left_end_y", Qt::SolidLine}, {body + "right_end_y", Qt::DashLine}}},
        {"Mechanical energy", "T + V [J]", {{"energy", Qt::SolidLine}}},
    };
    if (!planar) specs.erase(specs.begin() + 5);   // w_y already shown
    std::vector<PlotPanel> panels;
    for (const PanelSpec& spec : specs) {
        PlotPanel panel{spec.title, spec.yLabel, {}};
        for (const LabelledRun& labelled : runs) {
            const SimulationRun& run = *labelled.run;
            for (const std::pair<std::string, Qt::PenStyle>& channel : spec.channels) {
                const RunChannel* ch = run.findChannel(channel.first);
                if (!ch || ch->values.size() != run.samples.size()) continue;
                PlotCurve c{labelled.label, labelled.color, channel.second, {}};
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
