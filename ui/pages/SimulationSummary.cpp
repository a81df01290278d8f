#include "pages/SimulationSummary.h"

#include "compare/DisplayText.h"
#include "impact/planar/WangMason.h"
#include "sim/SceneRunSummaries.h"
#include "laws/LawIds.h"

namespace impactlab::ui {

QString describeImpactResolution(const ImpactEventRecord& e) {
    QString text;
    if (e.rounds > 0)
        text += QString(", %1 contact%2: %3 round%4, %5 interval%6")
                    .arg(e.simultaneousContacts)
                    .arg(e.simultaneousContacts == 1 ? "" : "s")
                    .arg(e.rounds)
                    .arg(e.rounds == 1 ? "" : "s")
                    .arg(e.intervals)
                    .arg(e.intervals == 1 ? "" : "s");
    if (e.bodiesMovingBefore >= 0)
        text += QString(", %1 moving -> %2 moving").arg(e.bodiesMovingBefore).arg(e.bodiesMovingAfter);
    return text;
}

QString describeSelectedImpact(const SimulatedScene& scene, const SimulationRun& run, const SceneLawComparison& comparison) {
    if (comparison.event < 0 || comparison.event >= static_cast<int>(run.impacts.size())) return {};
    const ImpactResult& r = run.impacts[comparison.event].result;
    // Round-off is printed as 0 against the vector's or the energy's own
    // scale (core/diagram/DisplayNumber.h); v+ against the impact's velocity
    // scale, so a ball that stops reads (0, 0, 0).
    const double velocityScale = calcImpactVelocityScale(run.impacts[comparison.event].problem.vMinus, r.vPlus);
    QString text = QString("<b>Impact %1</b> (%2)<br>impulse [t1, t2, n] = %3 N s<br>"
                           "v+ = %4 m/s<br>kinetic energy %5 J -> %6 J")
                       .arg(comparison.event + 1)
                       .arg(lawDisplayName(r.model), displayVector(r.impulse), displayVector(r.vPlus, velocityScale),
                            displayNumber(r.energyBefore), displayNumber(r.energyAfter, r.energyBefore));
    if (!r.events.empty()) text += "<br>events:";
    for (const auto& ev : r.events) text += QString(" %1").arg(toString(ev.kind));
    const ImpactEventRecord& record = run.impacts[comparison.event];
    if (record.rounds > 0 || record.bodiesMovingBefore >= 0)
        text += QString("<br>resolved: %1").arg(describeImpactResolution(record).mid(2));
    // Which row of Cataldo & Sampaio's Table 3.2 the impact took (the CLI's "wang_mason_mode").
    if (isLaw(r.model, LawId::WangMason))
        text += QString("<br>Wang-Mason mode (Table 3.2): %1")
                    .arg(QString::fromUtf8(toString(classifyWangMasonMode(run.impacts[comparison.event].problem, r))));
    // Which cell of Cataldo & Sampaio's Table 2.1 a pendulum's impact falls in (the CLI's "table_2_1_cell").
    if (const std::optional<PendulumTable21Cell> cell = findSceneTable21Cell(scene, run.impacts[comparison.event]))
        text += QString("<br>Table 2.1: row %1, column %2: %3 (%4)")
                    .arg(cell->row)
                    .arg(cell->column)
                    .arg(QString::fromUtf8(cell->outcome), QString::fromUtf8(cell->condition).toHtmlEscaped());
    for (const auto& w : r.warnings)
        text += isSeveralContactsNote(w)
                    ? QString("<br>note: %1").arg(QString::fromStdString(w).toHtmlEscaped())
                    : QString("<br><font color='#b00'>warning: %1</font>").arg(QString::fromStdString(w).toHtmlEscaped());
    for (const ComparedLaw& c : comparison.laws)
        if (!c.accepted)
            text += QString("<br><font color='#a05a00'>%1 does not take this impact: %2</font>")
                        .arg(lawDisplayName(c.id), QString::fromStdString(c.refusal).toHtmlEscaped());
    return text;
}

QString describeRunError(const QString& what) {
    // Without the JSON library's "[json.exception...]" prefix, if any.
    QString text = what;
    if (text.startsWith('[')) text = text.mid(text.indexOf(']') + 1).trimmed();
    return QString("<font color='#b00'><b>No run</b>: %1</font>").arg(text.toHtmlEscaped());
}

}  // namespace impactlab::ui
