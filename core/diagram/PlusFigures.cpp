#include "diagram/PlusFigures.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <type_traits>

#include "diagram/FigureOverlay.h"
#include "impact/plus/PlusRestitution.h"
#include "impact/plus/PlusStepLength.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

constexpr int kCirclePoints = 96;                  // the v_transition circle's polyline
// The COR curve jumps at v_capture; the point just above it is taken this far
// (relative) above, where e(s) is its linear branch.
constexpr double kCaptureJumpRelOffset = 1e-12;
// The COR axis extends past the largest approach speed and v_plastic by these factors.
constexpr double kCorAxisApproachShare = 1.15;
constexpr double kCorAxisPlasticShare = 2.0;
// The theta_max ray is drawn this much longer than the farther end of the segment.
constexpr double kRayOvershoot = 1.15;
// Fig. 14's strip: frames this long apart after the impact (s), and how many.
// At the striker's 2 m/s a ball moves 0.2 m, most of a radius, between frames.
constexpr double kTimeLapseFrameInterval = 0.1;
constexpr int kTimeLapseFrames = 5;

// Significant digits of the captions and the rounds table: the paper's own
// (Uchida et al. print four).
constexpr int kFigureDigits = 4;

// The interval table's energy column: six digits show its small changes
// from interval to interval; the rounds table's velocities, five.
constexpr int kIntervalEnergyDigits = 6;
constexpr int kRoundsVelocityDigits = 5;

std::string fmt(double x, int digits = kFigureDigits) { return formatNumber(x, digits); }


// The samples of the trace whose interval ends at `interval`.
const ContactSpaceSample* findSample(const ContactSpaceTrace& trace, int interval) {
    for (const ContactSpaceSample& s : trace.samples)
        if (s.interval == interval) return &s;
    return nullptr;
}

FigureSeries makeSeries(std::string name, int color, FigureMarker marker, bool dashed, std::vector<Vec2> points) {
    FigureSeries s;
    s.name = std::move(name);
    s.colorIndex = color;
    s.marker = marker;
    s.dashed = dashed;
    s.points = std::move(points);
    s.inLegend = marker == FigureMarker::None;   // markers are explained in the titles
    return s;
}

FigureSeries makeMarkers(std::string name, int color, FigureMarker marker, std::vector<Vec2> points) {
    return makeSeries(std::move(name), color, marker, false, std::move(points));
}

FigureSeries makeLine(std::string name, int color, bool dashed, std::vector<Vec2> points) {
    return makeSeries(std::move(name), color, FigureMarker::None, dashed, std::move(points));
}

std::vector<Vec2> makeCircle(double radius) {
    std::vector<Vec2> out;
    for (int i = 0; i <= kCirclePoints; ++i) {
        const double a = 2.0 * M_PI * i / kCirclePoints;
        out.emplace_back(radius * std::cos(a), radius * std::sin(a));
    }
    return out;
}

// Points of PLUS events of one kind for contact k, through `pick` (the
// event's accumulated impulse and the trace sample at its interval).
template <typename Pick>
std::vector<Vec2> collectPlusEvents(const PlusSceneRun& run, ContactEventKind kind, int k, Pick pick) {
    std::vector<Vec2> out;
    for (const ContactEvent& e : run.plus.events) {
        if (e.kind != kind || e.contact != k) continue;
        const ContactSpaceSample* s = findSample(run.trace, e.interval);
        if (!s || e.impulse.size() != run.plus.impulse.size()) continue;
        out.push_back(pick(e.impulse.segment<3>(3 * k), s->contacts[k]));
    }
    return out;
}

template <typename Pick>
std::vector<Vec2> collectCompliantEvents(const CompliantResult& r, CompliantEventKind kind, int k, Pick pick) {
    std::vector<Vec2> out;
    for (const CompliantEvent& e : r.events)
        if (e.kind == kind && e.contact == k) out.push_back(pick(e.time, e.state));
    return out;
}

std::string describeState(const ContactSample& c) {
    if (c.phase == ContactPhase::Observing) return "observing";
    std::string s = std::string(toString(c.phase)) + ", " + toString(c.slip);
    if (!c.active) s += " (no impulse)";
    return s;
}

Figure makeTangentialVelocity(const PlusSceneRun& run, int selected) {
    Figure f;
    f.title = "Tangential velocity (PLUS dashed, compliant solid; stars: end of compression, triangles: slide-to-roll)";
    f.xLabel = "v_x [m/s]";
    f.yLabel = "v_y [m/s]";
    f.equalScales = true;
    const int nc = run.problem.getContactCount();
    for (int k = 0; k < nc; ++k) {
        const std::string& name = run.getContactName(k);
        std::vector<Vec2> plus;
        for (const ContactSpaceSample& s : run.trace.samples) plus.push_back(s.contacts[k].velocity.head<2>());
        f.series.push_back(makeLine("PLUS " + name, k, true, plus));
        if (run.compliant) {
            std::vector<Vec2> comp;
            for (const CompliantSample& s : run.compliant->samples) comp.push_back(s.contacts[k].tangentialVelocity);
            FigureSeries line = makeLine("compliant " + name, k, false, comp);
            line.inLegend = false;   // the title says: compliant solid
            f.series.push_back(line);
            auto vel = [](double, const CompliantContactSample& c) { return c.tangentialVelocity; };
            f.series.push_back(makeMarkers("compliant end of compression " + name, k, FigureMarker::Star,
                                           collectCompliantEvents(*run.compliant, CompliantEventKind::EndOfCompression, k, vel)));
            f.series.push_back(makeMarkers("compliant slide-to-roll " + name, k, FigureMarker::Triangle,
                                           collectCompliantEvents(*run.compliant, CompliantEventKind::SlideToRoll, k, vel)));
        }
        auto vel = [](const Vec3&, const ContactSample& c) { return Vec2(c.velocity.head<2>()); };
        f.series.push_back(makeMarkers("PLUS end of compression " + name, k, FigureMarker::Star,
                                       collectPlusEvents(run, ContactEventKind::EndOfCompression, k, vel)));
        f.series.push_back(makeMarkers("PLUS slide-to-roll " + name, k, FigureMarker::Triangle,
                                       collectPlusEvents(run, ContactEventKind::SlideToRoll, k, vel)));
        if (const ContactSpaceSample* s = selected > 0 ? findSample(run.trace, selected) : nullptr) {
            FigureSeries h = makeMarkers("selected interval " + name, k, FigureMarker::Diamond, {s->contacts[k].velocity.head<2>()});
            h.highlight = true;
            f.series.push_back(h);
        }
    }
    FigureSeries circle = makeLine("v_transition circle", -1, false, makeCircle(run.options.vTransition));
    f.series.push_back(circle);
    return f;
}

Figure makeImpulses(const PlusSceneRun& run, int selected) {
    Figure f;
    f.title = "Accumulated impulses against the contact's normal impulse (PLUS dashed, compliant solid)";
    f.xLabel = "accumulated normal impulse pi_z [N s]";
    f.yLabel = "pi_x, pi_y [N s]";
    const int nc = run.problem.getContactCount();
    for (int k = 0; k < nc; ++k) {
        const std::string& name = run.getContactName(k);
        for (int axis = 0; axis < 2; ++axis) {
            const std::string comp = axis == 0 ? "pi_x " : "pi_y ";
            const int color = 2 * k + axis;
            std::vector<Vec2> plus;
            for (const ContactSpaceSample& s : run.trace.samples) plus.emplace_back(s.contacts[k].impulse.z(), s.contacts[k].impulse(axis));
            f.series.push_back(makeLine("PLUS " + comp + name, color, true, plus));
            auto pickPlus = [axis](const Vec3& pi, const ContactSample&) { return Vec2(pi.z(), pi(axis)); };
            f.series.push_back(makeMarkers("PLUS end of compression " + comp + name, color, FigureMarker::Star,
                                           collectPlusEvents(run, ContactEventKind::EndOfCompression, k, pickPlus)));
            f.series.push_back(makeMarkers("PLUS slide-to-roll " + comp + name, color, FigureMarker::Triangle,
                                           collectPlusEvents(run, ContactEventKind::SlideToRoll, k, pickPlus)));
            const Vec3 total = run.plus.getImpulse(k);
            f.series.push_back(makeMarkers("PLUS total " + comp + name, color,
                                           axis == 0 ? FigureMarker::Circle : FigureMarker::Square, {Vec2(total.z(), total(axis))}));
            if (run.compliant) {
                std::vector<Vec2> c;
                for (const CompliantSample& s : run.compliant->samples)
                    c.emplace_back(s.contacts[k].impulse.z(), s.contacts[k].impulse(axis));
                FigureSeries line = makeLine("compliant " + comp + name, color, false, c);
                line.inLegend = false;   // the title says: compliant solid
                f.series.push_back(line);
                auto pickC = [axis](double, const CompliantContactSample& s) { return Vec2(s.impulse.z(), s.impulse(axis)); };
                f.series.push_back(makeMarkers("compliant end of compression " + comp + name, color, FigureMarker::Star,
                                               collectCompliantEvents(*run.compliant, CompliantEventKind::EndOfCompression, k, pickC)));
                f.series.push_back(makeMarkers("compliant slide-to-roll " + comp + name, color, FigureMarker::Triangle,
                                               collectCompliantEvents(*run.compliant, CompliantEventKind::SlideToRoll, k, pickC)));
            }
            if (const ContactSpaceSample* s = selected > 0 ? findSample(run.trace, selected) : nullptr) {
                FigureSeries h = makeMarkers("selected interval " + comp + name, color, FigureMarker::Diamond,
                                             {Vec2(s->contacts[k].impulse.z(), s->contacts[k].impulse(axis))});
                h.highlight = true;
                f.series.push_back(h);
            }
        }
    }
    return f;
}

Figure makePenetration(const PlusSceneRun& run) {
    Figure f;
    f.xLabel = "time [ms]";
    f.yLabel = "penetration [mm]";
    if (!run.compliant) {
        f.title = "Penetration: no compliant run (" + run.compliantSkipped + ")";
        return f;
    }
    f.title = "Penetration against time, compliant model (stars: end of compression)";
    constexpr double kMs = 1e3, kMm = 1e3;
    for (int k = 0; k < run.problem.getContactCount(); ++k) {
        std::vector<Vec2> pts;
        for (const CompliantSample& s : run.compliant->samples) pts.emplace_back(kMs * s.time, kMm * s.contacts[k].penetration);
        f.series.push_back(makeLine(run.getContactName(k), k, false, pts));
        f.series.push_back(makeMarkers("end of compression " + run.getContactName(k), k, FigureMarker::Star,
                                       collectCompliantEvents(*run.compliant, CompliantEventKind::EndOfCompression, k,
                                                              [&](double t, const CompliantContactSample& c) {
                                                                  return Vec2(kMs * t, kMm * c.penetration);
                                                              })));
    }
    return f;
}

Figure makeRestitution(const PlusSceneRun& run) {
    Figure f;
    f.title = "Coefficient of restitution against approach speed (circles: each contact's approach)";
    f.xLabel = "approach speed -v_z [m/s]";
    f.yLabel = "e";
    const PlusOptions& o = run.options;
    double sMax = kCorAxisPlasticShare * o.vPlastic;
    for (int k = 0; k < run.problem.getContactCount(); ++k)
        sMax = std::max(sMax, kCorAxisApproachShare * std::max(0.0, -run.problem.getVelocity(k).z()));
    std::map<std::pair<int, double>, int> drawn;   // (kind, e) -> color already drawn
    for (int k = 0; k < run.problem.getContactCount(); ++k) {
        const ContactParameters& c = run.problem.contacts[k];
        const auto key = std::make_pair(static_cast<int>(c.restitutionKind), c.restitution);
        if (!drawn.count(key)) {
            drawn[key] = k;
            std::vector<Vec2> pts;
            if (c.restitutionKind == RestitutionKind::VelocityDependent) {
                const double above = o.vCapture * (1.0 + kCaptureJumpRelOffset);
                pts = {Vec2(0.0, calcPlusRestitution(0.0, c, o)), Vec2(o.vCapture, calcPlusRestitution(o.vCapture, c, o)),
                       Vec2(o.vCapture, calcPlusRestitution(above, c, o)), Vec2(o.vPlastic, calcPlusRestitution(o.vPlastic, c, o)),
                       Vec2(sMax, calcPlusRestitution(sMax, c, o))};
            } else {
                pts = {Vec2(0.0, c.restitution), Vec2(sMax, c.restitution)};
            }
            f.series.push_back(makeLine("e(s), e_min = " + fmt(c.restitution), k, false, pts));
        }
        const double s = std::max(0.0, -run.problem.getVelocity(k).z());
        f.series.push_back(makeMarkers("approach " + run.getContactName(k), k, FigureMarker::Circle,
                                       {Vec2(s, calcPlusRestitution(s, c, o))}));
    }
    bool velocityDependent = false;
    for (const ContactParameters& c : run.problem.contacts)
        velocityDependent = velocityDependent || c.restitutionKind == RestitutionKind::VelocityDependent;
    if (!velocityDependent) return f;   // a constant e has no v_capture or v_plastic
    FigureSeries vc = makeMarkers("v_capture = " + fmt(o.vCapture) + " m/s", -1, FigureMarker::Diamond, {Vec2(o.vCapture, 0.0)});
    vc.inLegend = true;
    FigureSeries vp = makeMarkers("v_plastic = " + fmt(o.vPlastic) + " m/s", -1, FigureMarker::Square, {Vec2(o.vPlastic, 0.0)});
    vp.inLegend = true;
    f.series.push_back(vc);
    f.series.push_back(vp);
    return f;
}

Figure makeIntervalGeometry(const PlusSceneRun& run, int& interval, int& contact) {
    Figure f;
    f.xLabel = "v_x [m/s]";
    f.yLabel = "v_y [m/s]";
    f.equalScales = true;
    const auto& samples = run.trace.samples;
    const int nc = run.problem.getContactCount();
    contact = std::clamp(contact, 0, std::max(0, nc - 1));
    if (interval <= 0) {   // the first interval in which the contact slides under an impulse
        for (std::size_t i = 1; i < samples.size() && interval <= 0; ++i)
            if (samples[i].contacts[contact].active && samples[i].contacts[contact].slip == ContactSlip::Sliding)
                interval = samples[i].interval;
    }
    std::size_t i = 1;
    while (i < samples.size() && samples[i].interval != interval) ++i;
    if (i >= samples.size()) {
        f.title = "Interval geometry: no interval selected";
        return f;
    }
    const ContactSample& a = samples[i - 1].contacts[contact];
    const ContactSample& b = samples[i].contacts[contact];
    const IntervalGeometry g =
        calcIntervalGeometry(a.velocity.head<2>(), b.velocity.head<2>(), samples[i].alpha, run.options.thetaMax);
    const Vec2 d = g.fullEnd - g.start;
    f.title = "Interval " + std::to_string(interval) + " (round " + std::to_string(samples[i].round) + "), " +
              run.getContactName(contact) + " " + describeState(b) + ": alpha = " + fmt(g.alpha) +
              ", alpha_CP = " + fmt(g.alphaCP) + ", alpha_DC = " + fmt(g.alphaDC);
    f.series.push_back(makeLine("whole interval's impulse", -1, true, {g.start, g.fullEnd}));
    f.series.push_back(makeLine("step taken (alpha)", contact, false, {g.start, g.start + g.alpha * d}));
    f.series.push_back(makeLine("v_transition circle", -1, false, makeCircle(run.options.vTransition)));
    const double reach = kRayOvershoot * std::max(g.start.norm(), g.fullEnd.norm());
    if (g.start.norm() > 0.0) {
        const Vec2 u = g.start.normalized();
        const double side = (u.x() * d.y() - u.y() * d.x()) >= 0.0 ? 1.0 : -1.0;
        const double t = side * run.options.thetaMax;
        const Vec2 r(std::cos(t) * u.x() - std::sin(t) * u.y(), std::sin(t) * u.x() + std::cos(t) * u.y());
        f.series.push_back(makeLine("theta_max ray", -2, true, {Vec2::Zero(), reach * r}));
    }
    FigureSeries cp = makeMarkers("alpha_CP: closest to the origin", 0, FigureMarker::Circle, {g.start + g.alphaCP * d});
    cp.inLegend = true;
    FigureSeries dc = makeMarkers("alpha_DC: direction turned by theta_max", 1, FigureMarker::Triangle, {g.start + g.alphaDC * d});
    dc.inLegend = true;
    FigureSeries start = makeMarkers("start of the interval", -1, FigureMarker::Square, {g.start});
    start.inLegend = true;
    f.series.push_back(cp);
    f.series.push_back(dc);
    f.series.push_back(start);
    return f;
}

// Fig. 14: each row a model, each frame the balls at k * interval after the
// impact (an impact of a millisecond is instantaneous at this scale), frames
// side by side along x; a ball is a circle marker at its centre.
Figure makeTimeLapse(const PlusSceneRun& run) {
    Figure f;
    f.xLabel = "frames every " + fmt(1e3 * kTimeLapseFrameInterval) + " ms after the impact (ball centres, m)";
    f.yLabel = "row";
    if (run.shapes.bodies.empty() || !run.otherModel || !run.plus.bodiesAfter) return f;
    f.title = "Time-lapse (Fig. 14): row A compliant, B PLUS sequential, C PLUS simultaneous";
    const std::vector<RigidBody>& start = run.shapes.bodies;
    const bool sequential = run.options.impactModel == PlusImpactModel::Sequential;
    struct Row {
        std::string name;
        double y;
        const std::vector<RigidBody>* after;
    };
    std::vector<Row> rows;
    if (run.compliant) rows.push_back({"A compliant", 2.0, &run.compliant->bodies});
    rows.push_back({"B PLUS sequential", 1.0, sequential ? &*run.plus.bodiesAfter : &*run.otherModel->bodiesAfter});
    rows.push_back({"C PLUS simultaneous", 0.0, sequential ? &*run.otherModel->bodiesAfter : &*run.plus.bodiesAfter});
    double xMin = INFINITY, xMax = -INFINITY, vMax = 0.0;
    for (const RigidBody& b : start) {
        xMin = std::min(xMin, b.position.x() - run.shapes.sphereRadius);
        xMax = std::max(xMax, b.position.x() + run.shapes.sphereRadius);
    }
    for (const Row& r : rows)
        for (const RigidBody& b : *r.after) vMax = std::max(vMax, std::abs(b.velocity.x()));
    const double travel = vMax * kTimeLapseFrameInterval * (kTimeLapseFrames - 1);
    const double frameWidth = (xMax - xMin) + 2.0 * travel + 2.0 * run.shapes.sphereRadius;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        std::vector<Vec2> pts;
        for (int k = 0; k < kTimeLapseFrames; ++k) {
            const double t = k * kTimeLapseFrameInterval;
            for (std::size_t i = 0; i < start.size() && i < rows[r].after->size(); ++i)
                pts.emplace_back(k * frameWidth + travel + start[i].position.x() - xMin + t * (*rows[r].after)[i].velocity.x(),
                                 rows[r].y);
        }
        FigureSeries s = makeMarkers(rows[r].name, static_cast<int>(r), FigureMarker::Circle, pts);
        s.inLegend = true;
        f.series.push_back(s);
        // Frame separators.
        for (int k = 1; k < kTimeLapseFrames; ++k) {
            FigureSeries sep = makeLine("frame " + std::to_string(k), -2, true,
                                        {Vec2(k * frameWidth, -0.5), Vec2(k * frameWidth, 2.5)});
            sep.inLegend = false;
            if (r == 0) f.series.push_back(sep);
        }
    }
    return f;
}

FigureTable makeIntervalTable(const PlusSceneRun& run) {
    FigureTable t;
    t.title = "Intervals";
    t.header = {"round", "interval", "alpha", "energy [J]"};
    for (const ContactParameters& c : run.problem.contacts) {
        t.header.push_back(c.name + ": state");
        t.header.push_back(c.name + ": pi [N s]");
    }
    // alpha, a share of the interval from 1 down to ~1e-3, to its own
    // significant digits (one column format would leave the small ones a
    // single digit); the energy in one format down its column; each
    // contact's impulse judged against its own largest component.
    std::vector<std::size_t> allRows;
    std::vector<DisplayCell> energies;
    for (const ContactSpaceSample& s : run.trace.samples) {
        std::vector<std::string> row = {std::to_string(s.round), s.interval == 0 ? "start" : std::to_string(s.interval),
                                        "", ""};
        for (const ContactSample& c : s.contacts) {
            row.push_back(s.interval == 0 ? "" : describeState(c));
            row.push_back("");
        }
        allRows.push_back(t.rows.size());
        energies.push_back({s.energy, 0.0});
        t.rows.push_back(row);
        if (s.interval != 0)
            t.setNumber(t.rows.size() - 1, 2, {TableNumber::Rule::Significant, Vec3(s.alpha, 0.0, 0.0), 0.0, kFigureDigits});
        for (std::size_t k = 0; k < s.contacts.size(); ++k)
            t.setNumber(t.rows.size() - 1, 5 + 2 * k,
                        {TableNumber::Rule::Vector, s.contacts[k].impulse, s.contacts[k].impulse.cwiseAbs().maxCoeff(),
                         kFigureDigits});
    }
    t.setNumberColumn(3, allRows, energies, kIntervalEnergyDigits);
    return t;
}

FigureTable makeRoundsTable(const PlusSceneRun& run) {
    FigureTable t;
    t.title = "Impact rounds";
    t.header = {"contact"};
    int rounds = 0;
    for (const ContactSpaceSample& s : run.trace.samples) rounds = std::max(rounds, s.round);
    for (int r = 1; r <= rounds; ++r) t.header.push_back("round " + std::to_string(r));
    t.header.push_back("final v_n [m/s]");
    for (int k = 0; k < run.problem.getContactCount(); ++k) {
        std::vector<std::string> row = {run.getContactName(k)};
        for (int r = 1; r <= rounds; ++r) {
            ContactPhase phase = ContactPhase::Observing;
            for (const ContactSpaceSample& s : run.trace.samples)
                if (s.round == r && s.contacts[k].phase != ContactPhase::Observing) phase = s.contacts[k].phase;
            row.push_back(toString(phase));
        }
        row.push_back("");
        t.rows.push_back(row);
    }
    // The normal velocities judged against the largest of them: a contact
    // that ends at rest reads 0, not its round-off.
    std::vector<std::size_t> rows;
    std::vector<DisplayCell> cells;
    double largest = 0.0;
    for (int k = 0; k < run.problem.getContactCount(); ++k)
        largest = std::max(largest, std::abs(run.plus.getVelocityAfter(k).z()));
    for (int k = 0; k < run.problem.getContactCount(); ++k) {
        rows.push_back(static_cast<std::size_t>(k));
        cells.push_back({run.plus.getVelocityAfter(k).z(), largest});
    }
    t.setNumberColumn(t.header.size() - 1, rows, cells, kRoundsVelocityDigits);
    return t;
}

}  // namespace

IntervalGeometry calcIntervalGeometry(const Vec2& start, const Vec2& end, double alpha, double thetaMax) {
    IntervalGeometry g;
    g.start = start;
    g.alpha = alpha > 0.0 ? alpha : 1.0;
    // The velocity moves along start + alpha d (Uchida et al. eq. 2.12), so
    // the whole interval's change is the step taken over alpha.
    const Vec2 d = (end - start) / g.alpha;
    g.fullEnd = start + d;
    g.alphaCP = calcClosestPointStep(start, d);           // eq. 2.13
    g.alphaDC = calcDirectionChangeStep(start, d, thetaMax);   // eq. 2.14
    return g;
}

PlusFigures makePlusFigures(const PlusSceneRun& run, int selectedInterval, int selectedContact) {
    PlusFigures f;
    f.tangentialVelocity = makeTangentialVelocity(run, selectedInterval);
    f.impulses = makeImpulses(run, selectedInterval);
    f.penetration = makePenetration(run);
    f.restitution = makeRestitution(run);
    f.intervalGeometry = makeIntervalGeometry(run, selectedInterval, selectedContact);
    f.intervals = makeIntervalTable(run);
    f.rounds = makeRoundsTable(run);
    f.timeLapse = makeTimeLapse(run);
    return f;
}

PlusFigures mergeOverlayPlusFigures(const std::vector<PlusFigures>& figures, const std::vector<std::string>& labels,
                                    const std::string& valueHeader) {
    const auto merge = [&](auto member) {
        std::vector<std::decay_t<decltype(figures.front().*member)>> each;
        for (const PlusFigures& f : figures) each.push_back(f.*member);
        return each;
    };
    PlusFigures out;
    out.tangentialVelocity = mergeOverlayFigures(merge(&PlusFigures::tangentialVelocity), labels);
    out.impulses = mergeOverlayFigures(merge(&PlusFigures::impulses), labels);
    out.penetration = mergeOverlayFigures(merge(&PlusFigures::penetration), labels);
    out.restitution = mergeOverlayFigures(merge(&PlusFigures::restitution), labels);
    out.intervalGeometry = mergeOverlayFigures(merge(&PlusFigures::intervalGeometry), labels);
    out.timeLapse = mergeOverlayFigures(merge(&PlusFigures::timeLapse), labels);
    out.intervals = mergeOverlayTables(merge(&PlusFigures::intervals), labels, valueHeader);
    out.rounds = mergeOverlayTables(merge(&PlusFigures::rounds), labels, valueHeader);
    return out;
}

}  // namespace impactlab
