#include "diagram/MaxDissipationDiagram.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "impact/CoulombInelastic.h"

namespace impactlab {

namespace {

constexpr double kTwoPi = 2.0 * kPi;
// Margin around the points of interest in the suggested view box (fraction of its size).
constexpr double kPlaneViewMargin = 0.25;
// Conic branches are cut where they leave this multiple of the view box's reach.
constexpr double kConicReach = 3.0;
// f_r samples within this fraction of max |f_r| of a pole are left out of the
// suggested vertical range of the f_obj view (f_obj is unbounded there).
constexpr double kPoleExclusion = 0.05;
// A marker is on the plane when |a_n^T x - b_n| is below this fraction of the
// terms' scale: the laws put their impulses there to round-off (~1e-15).
constexpr double kOnPlaneRelTol = 1e-9;
// A quartic candidate is a stationary point of eq. (8) when |g| is below this
// fraction of g's scale: polished roots reach ~1e-15; the near-double
// candidates (real parts of complex pairs) stay far above.
constexpr double kStationaryRelTol = 1e-8;
// Candidates closer than this (rad) are one stationary point.
constexpr double kSameAngle = 1e-9;
// rad: a sample exactly on a pole is moved this far off it (f_obj is infinite there).
constexpr double kPoleNudge = 1e-9;
// N s: half-size of the view box when every marker is at the origin and the
// problem has no scale (b = 0).
constexpr double kMinViewSize = 1e-12;
// Padding of the suggested f_obj range (fraction of its height).
constexpr double kRangePad = 0.05;

double wrapTwoPi(double a) {
    const double w = std::fmod(a, kTwoPi);
    return w < 0.0 ? w + kTwoPi : w;
}

// Marching squares for one level over the grid.
void traceContour(const MdpPlaneView& v, double dx, double dy, MdpContour& c) {
    const int n = v.gridSize;
    auto val = [&](int i, int j) { return v.gridValues[static_cast<std::size_t>(i) * n + j] - c.level; };
    auto at = [&](int i, int j) { return Vec2(v.min.x() + i * dx, v.min.y() + j * dy); };
    auto cross = [&](int i0, int j0, int i1, int j1) {
        const double f0 = val(i0, j0), f1 = val(i1, j1);
        const double t = f0 / (f0 - f1);
        return Vec2(at(i0, j0) + t * (at(i1, j1) - at(i0, j0)));
    };
    for (int i = 0; i + 1 < n; ++i) {
        for (int j = 0; j + 1 < n; ++j) {
            // Corners counter-clockwise: (i,j), (i+1,j), (i+1,j+1), (i,j+1); edges between them.
            const int ci[4] = {i, i + 1, i + 1, i}, cj[4] = {j, j, j + 1, j + 1};
            Vec2 hits[4];
            int count = 0;
            for (int e = 0; e < 4; ++e) {
                const int a = e, b = (e + 1) % 4;
                const bool sa = val(ci[a], cj[a]) > 0.0, sb = val(ci[b], cj[b]) > 0.0;
                if (sa != sb) hits[count++] = cross(ci[a], cj[a], ci[b], cj[b]);
            }
            if (count == 2) {
                c.segments.push_back({hits[0], hits[1]});
            } else if (count == 4) {
                // Saddle: the centre's sign decides which corners connect.
                const double centre = 0.25 * (val(i, j) + val(i + 1, j) + val(i + 1, j + 1) + val(i, j + 1));
                const bool firstPositive = val(i, j) > 0.0;
                if (firstPositive == (centre > 0.0)) {
                    c.segments.push_back({hits[0], hits[1]});
                    c.segments.push_back({hits[2], hits[3]});
                } else {
                    c.segments.push_back({hits[0], hits[3]});
                    c.segments.push_back({hits[1], hits[2]});
                }
            }
        }
    }
}

MdpMarker makeMarker(const CompressionPlane& plane, const PaperFrameProblem& p, const Vec3& impulse,
                     const std::string& kind) {
    MdpMarker m;
    m.impulse = impulse;
    m.point = Vec2(impulse.x(), impulse.y());
    const Vec3 x = toPaperOrder(impulse);
    m.objective = 0.5 * x.dot(p.A * x) - x.dot(p.b);
    m.kind = kind;
    m.onPlane = std::abs(p.A.row(0).dot(x) - plane.bn) <= kOnPlaneRelTol * (std::abs(plane.bn) + p.A.norm() * x.norm());
    return m;
}

// Points r(alpha) u(alpha) of the section for alpha in [from, to], kept where
// keep(r) and |r| <= reach; split where the kept run breaks.
std::vector<std::vector<Vec2>> sampleSection(const CompressionPlane& plane, double from, double to, int samples,
                                             double reach, bool upperNappe) {
    std::vector<std::vector<Vec2>> out(1);
    for (int k = 0; k <= samples; ++k) {
        const double alpha = from + (to - from) * k / samples;
        const double fr = plane.calcFr(alpha);
        const double r = fr != 0.0 ? plane.mu * plane.bn / fr : std::numeric_limits<double>::infinity();
        const bool keep = std::isfinite(r) && std::abs(r) <= reach && ((r > 0.0) == upperNappe);
        if (keep) {
            out.back().push_back(r * CompressionPlane::calcDirection(alpha));
        } else if (!out.back().empty()) {
            out.emplace_back();
        }
    }
    out.erase(std::remove_if(out.begin(), out.end(), [](const std::vector<Vec2>& l) { return l.size() < 2; }),
              out.end());
    return out;
}

void fillSection(const CompressionPlane& plane, const MdpDiagramOptions& o, MdpPlaneView& v) {
    const double reach = kConicReach * std::max(v.max.cwiseAbs().maxCoeff(), v.min.cwiseAbs().maxCoeff());
    if (v.grazing) {
        if (plane.conic == ConicType::Ellipse) {
            v.feasibleBoundary.push_back({Vec2::Zero()});
            return;
        }
        const int rays = plane.conic == ConicType::Parabola ? 1 : 2;
        for (int k = 0; k < rays; ++k) {
            const double alpha = plane.alpha0 + (k == 0 ? 1.0 : -1.0) * plane.deltaAlpha;
            v.feasibleBoundary.push_back({Vec2::Zero(), reach * CompressionPlane::calcDirection(alpha)});
        }
        return;
    }
    if (plane.mu == 0.0) {   // the cone is the normal: its section is one point
        v.feasibleBoundary.push_back({Vec2::Zero()});
        return;
    }
    const double a0 = plane.alpha0;
    auto& upper = v.separating ? v.infeasibleBranch : v.feasibleBoundary;
    for (auto& l : sampleSection(plane, a0 - kPi, a0 + kPi, o.conicSamples, reach, true)) upper.push_back(l);
    for (auto& l : sampleSection(plane, a0 - kPi, a0 + kPi, o.conicSamples, reach, false))
        v.infeasibleBranch.push_back(l);
}

MdpPlaneView makePlaneView(const PaperFrameProblem& p, const CompressionPlane& plane, const MaxDissipationSolution& s,
                           const CoulombSolutionSet& coulomb, const MdpDiagramOptions& o) {
    MdpPlaneView v;
    v.origin = toContractOrder(plane.liftToPaper(Vec2::Zero()));
    v.basisT = Vec3(1.0, 0.0, -plane.a.x() / plane.Ann);
    v.basisO = Vec3(0.0, 1.0, -plane.a.y() / plane.Ann);
    v.conic = plane.conic;
    v.grazing = plane.grazing;
    v.separating = plane.bn < 0.0;

    const Vec2 p0 = plane.calcUnconstrainedMinimum();
    v.unconstrainedMinimum = makeMarker(plane, p, toContractOrder(plane.liftToPaper(p0)), "unconstrained");
    const Vec3 x0 = plane.liftToPaper(p0);
    v.unconstrainedFeasible = x0(0) >= 0.0 && p0.norm() <= plane.mu * x0(0);
    v.maxDissipation = makeMarker(plane, p, s.impulse, toString(s.branch));
    for (const CoulombSolution& c : coulomb.solutions)
        v.coulombSolutions.push_back(makeMarker(plane, p, c.impulse, toString(c.kind)));
    v.coulombContinuum = coulomb.continuum;

    // View box: the markers, the origin and (ellipse) the whole section.
    std::vector<Vec2> pts = {Vec2::Zero(), p0, v.maxDissipation.point};
    for (const MdpMarker& m : v.coulombSolutions) pts.push_back(m.point);
    if (!v.grazing && !v.separating && plane.mu > 0.0) {
        const double rMin = plane.mu * plane.bn / (plane.Ann + plane.mu * plane.aNorm);
        pts.push_back(rMin * CompressionPlane::calcDirection(plane.alpha0));   // the vertex
        if (plane.conic == ConicType::Ellipse) {
            const double rMax = plane.mu * plane.bn / (plane.Ann - plane.mu * plane.aNorm);
            pts.push_back(rMax * CompressionPlane::calcDirection(plane.alpha0 + kPi));
        }
    }
    Vec2 lo = pts.front(), hi = pts.front();
    for (const Vec2& q : pts) { lo = lo.cwiseMin(q); hi = hi.cwiseMax(q); }
    double size = (hi - lo).maxCoeff();
    if (!(size > 0.0)) size = std::max(p.b.norm() / p.A.norm(), kMinViewSize);
    const Vec2 centre = 0.5 * (lo + hi);
    const double half = 0.5 * size * (1.0 + 2.0 * kPlaneViewMargin);
    v.min = centre - Vec2::Constant(half);
    v.max = centre + Vec2::Constant(half);

    // Contour grid of the reduced objective.
    const int n = std::max(o.gridSize, 2);
    v.gridSize = n;
    const double dx = (v.max.x() - v.min.x()) / (n - 1), dy = (v.max.y() - v.min.y()) / (n - 1);
    v.gridValues.resize(static_cast<std::size_t>(n) * n);
    double fLo = std::numeric_limits<double>::infinity(), fHi = -fLo;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const double f = plane.calcReducedObjective(Vec2(v.min.x() + i * dx, v.min.y() + j * dy));
            v.gridValues[static_cast<std::size_t>(i) * n + j] = f;
            fLo = std::min(fLo, f);
            fHi = std::max(fHi, f);
        }
    for (int k = 1; k <= o.contourLevels; ++k) {
        MdpContour c;
        c.level = fLo + (fHi - fLo) * k / (o.contourLevels + 1);
        traceContour(v, dx, dy, c);
        v.contours.push_back(std::move(c));
    }
    if (fLo < 0.0 && fHi > 0.0) {
        MdpContour zero;
        zero.isZero = true;
        traceContour(v, dx, dy, zero);
        v.contours.push_back(std::move(zero));
    }
    fillSection(plane, o, v);
    return v;
}

MdpFobjCurve makeFobjCurve(const CompressionPlane& plane, const MaxDissipationSolution& s, const MdpDiagramOptions& o) {
    MdpFobjCurve c;
    if (plane.bn < 0.0 || plane.grazing || plane.mu == 0.0) {
        c.reason = plane.mu == 0.0 ? "no friction: the cone is the normal, there is no conic"
                   : plane.grazing ? "grazing contact (b_n = 0): the section is degenerate (apex or rays)"
                                   : "separating contact (b_n < 0): no impulse";
        return c;
    }
    c.available = true;
    const int n = std::max(o.fobjSamples, 3);
    double maxFr = 0.0;
    for (int k = 0; k < n; ++k) maxFr = std::max(maxFr, std::abs(plane.calcFr(kTwoPi * k / (n - 1))));
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int k = 0; k < n; ++k) {
        double alpha = kTwoPi * k / (n - 1);
        if (plane.calcFr(alpha) == 0.0) alpha += kPoleNudge;
        const double fr = plane.calcFr(alpha);
        const double f = plane.calcFobj(alpha);
        c.alpha.push_back(alpha);
        c.fobj.push_back(f);
        c.feasible.push_back(fr > 0.0);
        if (std::abs(fr) > kPoleExclusion * maxFr && fr > 0.0) { lo = std::min(lo, f); hi = std::max(hi, f); }
    }
    if (plane.conic != ConicType::Ellipse) {
        const double p1 = wrapTwoPi(plane.alpha0 + plane.deltaAlpha), p2 = wrapTwoPi(plane.alpha0 - plane.deltaAlpha);
        c.poles.push_back(p1);
        if (plane.conic == ConicType::Hyperbola) {
            c.poles.push_back(p2);
            // Infeasible: from alpha0 + delta alpha to alpha0 + 2 pi - delta alpha.
            if (p1 < p2) c.infeasibleArcs.push_back({p1, p2});
            else { c.infeasibleArcs.push_back({p1, kTwoPi}); c.infeasibleArcs.push_back({0.0, p2}); }
        }
        std::sort(c.poles.begin(), c.poles.end());
    }
    const TrigPoly2 g = plane.calcStationarity();
    const TrigRoots roots = findTrigPoly2Roots(g, plane.calcPolynomialScale());
    double bestF = std::numeric_limits<double>::infinity(), bestA = 0.0;
    for (int i = 0; i < roots.count; ++i) {
        const double alpha = wrapTwoPi(roots.alpha[i]);
        if (std::abs(g.eval(alpha)) > kStationaryRelTol * g.calcScale()) continue;   // not a root
        bool duplicate = false;
        for (const auto& st : c.stationary) duplicate = duplicate || std::abs(st.alpha - alpha) < kSameAngle;
        if (duplicate) continue;
        const double fr = plane.calcFr(alpha);
        MdpFobjCurve::Stationary st{alpha, fr != 0.0 ? plane.calcFobj(alpha) : 0.0, fr > 0.0,
                                    g.calcDerivative(alpha) * fr > 0.0};
        c.stationary.push_back(st);
        if (st.feasible && st.fobj < bestF) { bestF = st.fobj; bestA = alpha; }
    }
    std::sort(c.stationary.begin(), c.stationary.end(), [](const auto& a, const auto& b) { return a.alpha < b.alpha; });
    c.minimumIsSolution = s.branch == MaxDissipationBranch::ConicBoundary;
    if (c.minimumIsSolution) { bestA = wrapTwoPi(s.alpha); bestF = plane.calcFobj(s.alpha); }
    c.alphaMin = bestA;
    c.fobjMin = bestF;
    lo = std::min(lo, bestF);
    const double pad = kRangePad * std::max(hi - lo, kMinViewSize);
    c.yMin = lo - pad;
    c.yMax = hi + pad;
    return c;
}

}  // namespace

const std::vector<MdpTreeNode>& getMdpDecisionTree() {
    static const std::vector<MdpTreeNode> tree = {
        {"bn-negative", "b_n < 0 ?", "separating", "mu-zero", false},
        {"mu-zero", "mu = 0 ?", "frictionless", "p1", false},
        {"p1", "P1: x0 = A^-1 b in the cone ?", "sticking", "bn-zero", false},
        {"bn-zero", "b_n = 0 ?", "p2", "conic-boundary", false},
        {"p2", "P2: A_nn > mu ||(A_nt, A_no)|| ?", "grazing-point", "grazing-ray", false},
        {"separating", "x* = 0", "", "", true},
        {"frictionless", "x* = (b_n / A_nn, 0, 0)", "", "", true},
        {"sticking", "x* = x0", "", "", true},
        {"grazing-point", "x* = 0", "", "", true},
        {"grazing-ray", "alpha*, r* from eq. (9) on the better ray", "final-block", "", true},
        {"conic-boundary", "alpha* = argmin f_obj over the roots of eq. (8) in the arc; r* = rbar(alpha*)",
         "final-block", "", true},
        {"final-block", "x*_n = (b_n - A_nt r* cos alpha* - A_no r* sin alpha*) / A_nn", "", "", true},
    };
    return tree;
}

MdpDecisionPath calcMdpDecisionPath(const MaxDissipationSolution& s) {
    using B = MaxDissipationBranch;
    MdpDecisionPath path;
    path.leaf = toString(s.branch);
    auto test = [&](const char* id, bool outcome) {
        path.steps.push_back({id, outcome});
        return outcome;
    };
    if (!test("bn-negative", s.branch == B::Separating) && !test("mu-zero", s.branch == B::Frictionless) &&
        !test("p1", s.branch == B::Sticking) && test("bn-zero", s.branch == B::GrazingPoint || s.branch == B::GrazingRay))
        test("p2", s.branch == B::GrazingPoint);
    path.steps.push_back({path.leaf, true});
    if (s.branch == B::GrazingRay || s.branch == B::ConicBoundary) path.steps.push_back({"final-block", true});
    return path;
}

MdpDiagram makeMdpDiagram(const ImpactProblem& problem, const MdpDiagramOptions& options) {
    MdpDiagram d;
    const PaperFrameProblem p = toPaperFrame(problem.W, problem.vMinus, problem.friction);
    const CompressionPlane plane = CompressionPlane::make(p);
    calcMaxDissipationPaper(p, &d.solution);
    if (options.figures) {
        const CoulombSolutionSet coulomb = findCoulombInelasticSolutions(problem.W, problem.vMinus, problem.friction);
        d.plane = makePlaneView(p, plane, d.solution, coulomb, options);
        d.fobj = makeFobjCurve(plane, d.solution, options);
    }
    d.path = calcMdpDecisionPath(d.solution);
    d.constants = calcAppendixAConstants(p);
    return d;
}

}  // namespace impactlab
