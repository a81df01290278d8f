#include "pages/SimulationSummary.h"

namespace impactlab::ui {

QString describeSelectedImpact(const SimulationRun& run, const SceneLawComparison& comparison) {
    if (comparison.event < 0 || comparison.event >= static_cast<int>(run.impacts.size())) return {};
    const ImpactResult& r = run.impacts[comparison.event].result;
    QString text = QString("<b>Impact %1</b> (%2)<br>impulse [t1, t2, n] = (%3, %4, %5) N s<br>"
                           "v+ = (%6, %7, %8) m/s<br>energy %9 J -> %10 J<br>events:")
                       .arg(comparison.event + 1)
                       .arg(QString::fromStdString(r.model))
                       .arg(r.impulse.x(), 0, 'g', 5).arg(r.impulse.y(), 0, 'g', 5).arg(r.impulse.z(), 0, 'g', 5)
                       .arg(r.vPlus.x(), 0, 'g', 4).arg(r.vPlus.y(), 0, 'g', 4).arg(r.vPlus.z(), 0, 'g', 4)
                       .arg(r.energyBefore, 0, 'g', 5).arg(r.energyAfter, 0, 'g', 5);
    for (const auto& ev : r.events) text += QString(" %1").arg(toString(ev.kind));
    for (const auto& w : r.warnings)
        text += QString("<br><font color='#b00'>warning: %1</font>").arg(QString::fromStdString(w).toHtmlEscaped());
    for (const ComparedLaw& c : comparison.laws)
        if (!c.accepted)
            text += QString("<br><font color='#a05a00'>%1 does not take this impact: %2</font>")
                        .arg(QString::fromStdString(c.id), QString::fromStdString(c.refusal).toHtmlEscaped());
    return text;
}

}  // namespace impactlab::ui
