#include "diagram/ImpulseDiagram.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>

#include "diagram/DisplayNames.h"
#include "diagram/DisplayNumber.h"
#include "diagram/FigureOverlay.h"

namespace impactlab {

namespace {

// A tangential impulse or sliding speed below this fraction of the path's scale
// has no direction worth drawing along.
constexpr double kDirectionRelTol = 1e-9;
// Points this close (relative to the view box) are the same clip point.
constexpr double kClipRelTol = 1e-12;
// Smallest view-box span, N s: keeps a degenerate box (all points equal) drawable.
constexpr double kMinSpan = 1e-12;
// An initial slide along s below this fraction of |v^-| counts as a direct
// impact: it has no reverse-sliding line (its I_n1 would be round-off).
constexpr double kSlideRelTol = 1e-9;
// Poisson termination lines of different paths closer than this fraction of
// the view box height are one line (laws that agree on I_nc).
constexpr double kSameLineRelTol = 1e-9;
// Smallest eigenvalue ratio of the diagram-plane block of W that still counts
// as an ellipse (below it the curve is a parabola to round-off).
constexpr double kMinEllipseEigenRatio = 1e-9;

// The line { x : a . x + c = 0 } clipped to the box; empty when it misses it.
std::vector<Vec2> clipLine(const Vec2& a, double c, const Vec2& lo, const Vec2& hi) {
    std::vector<Vec2> pts;
    if (a.norm() == 0.0) return pts;
    auto add = [&](const Vec2& p) {
        const double eps = kClipRelTol * (hi - lo).norm();
        if ((p.array() >= lo.array() - eps).all() && (p.array() <= hi.array() + eps).all()) {
            for (const auto& q : pts)
                if ((q - p).norm() <= eps) return;
            pts.push_back(p);
        }
    };
    if (a.y() != 0.0) {
        add({lo.x(), -(c + a.x() * lo.x()) / a.y()});
        add({hi.x(), -(c + a.x() * hi.x()) / a.y()});
    }
    if (a.x() != 0.0) {
        add({-(c + a.y() * lo.y()) / a.x(), lo.y()});
        add({-(c + a.y() * hi.y()) / a.x(), hi.y()});
    }
    if (pts.size() > 2) pts.resize(2);
    if (pts.size() < 2) pts.clear();
    return pts;
}

// An energy change with its sign, judged against the energy before: a
// round-off change reads "0 J", not a gain of 1e-13 J.
std::string formatEnergyChange(double joules, double energyBefore) {
    const std::string text = formatDisplayNumber(joules, energyBefore);
    return (joules > 0.0 && text != "0" ? "+" : "") + text + " J";
}

Vec3 chooseTangent(const ImpactProblem& problem, const std::vector<LawOutcome>& outcomes) {
    const double scale = problem.vMinus.norm();
    for (const auto& o : outcomes) {
        const Vec2 It = o.result.impulse.head<2>();
        if (It.norm() > kDirectionRelTol * std::abs(o.result.impulse.z())) return Vec3(It.x(), It.y(), 0).normalized();
    }
    const Vec2 gamma = problem.vMinus.head<2>();
    if (gamma.norm() > kDirectionRelTol * scale) return Vec3(-gamma.x(), -gamma.y(), 0).normalized();
    return Vec3::UnitX();
}

}  // namespace

ImpulseDiagram makeImpulseDiagram(const ImpactProblem& problem, const std::vector<LawOutcome>& outcomes,
                                  const ImpulseDiagramOptions& options) {
    ImpulseDiagram dia;
    const Vec3 s = options.tangentDirection ? *options.tangentDirection : chooseTangent(problem, outcomes);
    dia.tangentDirection = s;
    Eigen::Matrix<double, 3, 2> P;   // (I_t, I_n) -> contact-frame impulse
    P.col(0) = s;
    P.col(1) = Vec3::UnitZ();
    auto project = [&](const Vec3& I) { return Vec2(I.dot(s), I.z()); };

    // Energy ellipse: 1/2 x^T M x + g^T x = 0 in the diagram plane.
    const Mat2 M = P.transpose() * problem.W * P;
    const Vec2 g = P.transpose() * problem.vMinus;
    const Vec2 centre = -M.ldlt().solve(g);
    const double k = 0.5 * centre.dot(M * centre);
    DiagramPolyline ellipse{"energy-ellipse", "energy ellipse (no change of kinetic energy)", {}};
    Eigen::SelfAdjointEigenSolver<Mat2> eig(M);
    // A singular M (one degree of freedom behind the contact) makes the zero-work
    // set a parabola, not an ellipse: it is then left out.
    const bool ellipseExists = eig.info() == Eigen::Success &&
                               eig.eigenvalues()(0) > kMinEllipseEigenRatio * eig.eigenvalues()(1);
    if (k > 0.0 && ellipseExists) {
        const Vec2 radii(std::sqrt(2.0 * k / eig.eigenvalues()(0)), std::sqrt(2.0 * k / eig.eigenvalues()(1)));
        for (int i = 0; i <= options.ellipseSegments; ++i) {
            const double t = 2.0 * kPi * i / options.ellipseSegments;
            ellipse.points.push_back(centre + eig.eigenvectors() * Vec2(radii.x() * std::cos(t), radii.y() * std::sin(t)));
        }
    }

    // Paths, and the view box around them, the origin and the ellipse.
    Vec2 lo = Vec2::Zero(), hi = Vec2::Zero();
    auto include = [&](const Vec2& p) { lo = lo.cwiseMin(p); hi = hi.cwiseMax(p); };
    for (const auto& o : outcomes) {
        DiagramPath path;
        path.model = o.result.model;
        path.energyChange = o.result.energyAfter - o.result.energyBefore;
        path.gainsEnergy = o.result.gainsEnergy(kEnergyGainRelTol);
        path.label = getLawDisplayName(o.result.model) + " (dE " + formatEnergyChange(path.energyChange, o.result.energyBefore) + ")";
        if (path.gainsEnergy) path.label += " ENERGY GAINED";
        for (const auto& smp : o.trace.samples) path.points.push_back(project(smp.impulse));
        if (path.points.empty()) path.points = {Vec2::Zero(), project(o.result.impulse)};
        path.compressionPoint = project(o.result.compressionImpulse);
        path.finalPoint = project(o.result.impulse);
        for (const auto& p : path.points) include(p);
        dia.paths.push_back(std::move(path));
    }
    for (const auto& p : ellipse.points) include(p);
    // Poisson termination I_n = (1 + e) I_nc of each path (Cataldo & Sampaio
    // sec. 2.5.1), kept in the box so its line is drawn.
    const double e = problem.restitution;
    for (const auto& path : dia.paths)
        if (path.compressionPoint.y() > 0.0) include(Vec2(path.compressionPoint.x(), (1.0 + e) * path.compressionPoint.y()));
    // Always show at least the frictionless compression impulse range.
    include(Vec2(0.0, -2.0 * problem.vMinus.z() / problem.W(2, 2)));
    Vec2 span = (hi - lo).cwiseMax(Vec2::Constant(kMinSpan));
    span = span.cwiseMax(Vec2::Constant(0.25 * span.maxCoeff()));   // avoid a sliver of a box
    const Vec2 mid = 0.5 * (lo + hi);
    lo = mid - 0.5 * span * (1.0 + 2.0 * options.marginFraction);
    hi = mid + 0.5 * span * (1.0 + 2.0 * options.marginFraction);
    if (options.viewBox) {
        lo = options.viewBox->first;
        hi = options.viewBox->second;
    }
    dia.min = lo;
    dia.max = hi;

    // Straight lines of the diagram, clipped to the view box.
    const double mu = problem.friction;
    const Vec2 cn = P.transpose() * problem.W * Vec3::UnitZ();   // v_n = cn . x + v_n^-
    const Vec2 cs = P.transpose() * problem.W * s;               // v_s = cs . x + s . v^-
    if (mu > 0.0) {
        const double top = hi.y();
        dia.lines.push_back({"friction+", "friction line I_t = +mu I_n", {Vec2::Zero(), Vec2(mu * top, top)}});
        dia.lines.push_back({"friction-", "friction line I_t = -mu I_n", {Vec2::Zero(), Vec2(-mu * top, top)}});
    }
    dia.lines.push_back({"compression", "maximum compression (v_n = 0)", clipLine(cn, problem.vMinus.z(), lo, hi)});
    dia.lines.push_back({kNewtonTerminationLineId, "Newton termination (v_n = -e v_n-)", clipLine(cn, (1.0 + e) * problem.vMinus.z(), lo, hi)});
    dia.lines.push_back({kStickingLineId, "sticking line (v_t = 0)", clipLine(cs, s.dot(problem.vMinus), lo, hi)});
    // Reverse-sliding line DR (Cataldo & Sampaio sec. 3.7.2, Fig. 3.21): the
    // slide along the friction line I_t = -sigma mu I_n stops on the sticking
    // line at I_n1 = -v_s^- / (cs_n - sigma mu cs_t); if it cannot stick it
    // reverses along I_t = sigma mu (I_n - 2 I_n1), drawn from there upward.
    const double vs = s.dot(problem.vMinus);
    if (mu > 0.0 && std::abs(vs) > kSlideRelTol * problem.vMinus.norm()) {
        const double sigma = vs > 0.0 ? 1.0 : -1.0;
        const double denom = cs.y() - sigma * mu * cs.x();
        const double In1 = denom != 0.0 ? -vs / denom : -1.0;
        if (In1 > 0.0 && std::isfinite(In1) && In1 < hi.y()) {
            const double top = hi.y();
            dia.lines.push_back({"reverse-sliding", "reverse-sliding line DR (I_t = sigma mu (I_n - 2 I_n1))",
                                 {Vec2(-sigma * mu * In1, In1), Vec2(sigma * mu * (top - 2.0 * In1), top)}});
        }
    }
    // Poisson termination, one horizontal line per distinct end of compression.
    std::vector<double> poissonLevels;
    for (const auto& path : dia.paths) {
        const double level = (1.0 + e) * path.compressionPoint.y();
        if (!(path.compressionPoint.y() > 0.0)) continue;
        bool seen = false;
        for (double l : poissonLevels) seen = seen || std::abs(l - level) <= kSameLineRelTol * (hi.y() - lo.y());
        if (seen) continue;
        poissonLevels.push_back(level);
        const std::string who = dia.paths.size() > 1 ? " (" + getLawDisplayName(path.model) + ")" : "";
        dia.lines.push_back({"poisson:" + path.model, "Poisson termination I_n = (1 + e) I_nc" + who,
                             {Vec2(lo.x(), level), Vec2(hi.x(), level)}});
    }
    if (!ellipse.points.empty()) dia.lines.push_back(std::move(ellipse));
    return dia;
}

ImpulseDiagram mergeOverlayImpulseDiagrams(const std::vector<ImpulseDiagram>& diagrams,
                                           const std::vector<std::string>& labels) {
    assert(!diagrams.empty() && diagrams.size() == labels.size());
    ImpulseDiagram merged;
    merged.xLabel = diagrams.front().xLabel;
    merged.yLabel = diagrams.front().yLabel;
    merged.tangentDirection = diagrams.front().tangentDirection;
    merged.min = diagrams.front().min;
    merged.max = diagrams.front().max;
    // A line of the same id and points for every value so far is drawn once
    // and unnamed; when a value's differs, both are named with their values.
    std::vector<bool> named;
    bool anyDiffers = false;
    for (std::size_t i = 0; i < diagrams.size(); ++i) {
        const ImpulseDiagram& d = diagrams[i];
        merged.min = merged.min.cwiseMin(d.min);
        merged.max = merged.max.cwiseMax(d.max);
        for (const DiagramPolyline& line : d.lines) {
            const auto same = std::find_if(merged.lines.begin(), merged.lines.end(), [&line](const DiagramPolyline& l) {
                return l.id == line.id && l.points == line.points;
            });
            if (same != merged.lines.end()) continue;
            DiagramPolyline copy = line;
            if (i > 0) {
                anyDiffers = true;
                copy.label = makeOverlaySeriesName(line.label.empty() ? line.id : line.label, labels[i]);
                for (std::size_t k = 0; k < merged.lines.size(); ++k)
                    if (!named[k] && merged.lines[k].id == line.id) {
                        DiagramPolyline& first = merged.lines[k];
                        first.label = makeOverlaySeriesName(first.label.empty() ? first.id : first.label, labels[0]);
                        named[k] = true;
                    }
            }
            named.push_back(i > 0);
            merged.lines.push_back(std::move(copy));
        }
        for (const DiagramPath& path : d.paths) {
            DiagramPath copy = path;
            copy.label = makeOverlaySeriesName(path.label.empty() ? path.model : path.label, labels[i]);
            merged.paths.push_back(std::move(copy));
        }
    }
    // The views fill the admissible region from the first friction, ellipse
    // and compression lines; when the values' lines differ each value has a
    // region of its own, and an empty region given by the diagram draws none.
    if (anyDiffers) merged.lines.insert(merged.lines.begin(), DiagramPolyline{kOverlayNoRegionId, "", {}});
    return merged;
}

}  // namespace impactlab
