#include "diagram/TrajectoryFigure.h"

#include <algorithm>
#include <cmath>
#include <variant>

#include "diagram/SuperballCone.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

// Points of a sphere's circle: smooth at any size the chart draws it.
constexpr int kOutlineCirclePoints = 64;
// The oldest snapshot is drawn this far from black towards white; the newest
// is black (FigureSeries::fade).
constexpr double kOldestSnapshotFade = 0.78;
// An impact closer than this share of the even spacing to an even instant
// replaces it: two outlines a few pixels apart read as a thick one.
constexpr double kStroboscopeMergeShare = 0.25;
// Cones are drawn at every impact when there are at most this many; else at
// the selected impact only (a long run of bounces would hide the picture).
constexpr int kMaxConeImpacts = 12;
// The cone's rays: this share of the larger side of the picture's box.
constexpr double kConeRayShare = 0.14;
// Surfaces reach this share of the box's diagonal beyond the picture.
constexpr double kSurfaceMarginShare = 0.06;
// Hatching: ticks this share of a surface's drawn length apart and long.
constexpr double kHatchShare = 1.0 / 40.0;
// A surface whose unit normal projects shorter than this on the plane is
// (nearly) the plane itself or seen edge-on at a point: not drawn.
constexpr double kMinProjectedNormal = 0.1;
// A body direction projecting shorter than this is seen end-on (no radius drawn).
constexpr double kMinProjectedAxis = 1e-6;
// Palette entry of the snapshots at impacts (reddish purple: apart from the
// black instants, the blue path and the cone's orange, green and vermilion).
constexpr int kImpactSnapshotColor = 3;
// Digits of instants in the series names and of counts in the title.
constexpr int kTrajectoryDigits = 4;

Vec2 perpendicularOf(const Vec2& v) { return Vec2(-v.y(), v.x()); }

FigureSeries makeTrajectoryLine(std::string name, int color, bool dashed, std::vector<Vec2> points) {
    FigureSeries s;
    s.name = std::move(name);
    s.colorIndex = color;
    s.dashed = dashed;
    s.points = std::move(points);
    return s;
}

// 2D convex hull (Andrew's monotone chain), closed: first point repeated.
std::vector<Vec2> calcClosedHull(std::vector<Vec2> p) {
    std::sort(p.begin(), p.end(), [](const Vec2& a, const Vec2& b) { return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y()); });
    if (p.size() < 3) return p;
    const auto cross = [](const Vec2& o, const Vec2& a, const Vec2& b) {
        return (a - o).x() * (b - o).y() - (a - o).y() * (b - o).x();
    };
    std::vector<Vec2> hull(2 * p.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        while (k >= 2 && cross(hull[k - 2], hull[k - 1], p[i]) <= 0.0) --k;
        hull[k++] = p[i];
    }
    for (std::size_t i = p.size() - 1, t = k + 1; i-- > 0;) {
        while (k >= t && cross(hull[k - 2], hull[k - 1], p[i]) <= 0.0) --k;
        hull[k++] = p[i];
    }
    hull.resize(k);   // the last point is the first again
    return hull;
}

struct PictureBox {
    Vec2 lo = Vec2::Constant(INFINITY), hi = Vec2::Constant(-INFINITY);
    void add(const std::vector<Vec2>& points) {
        for (const Vec2& p : points) {
            lo = lo.cwiseMin(p);
            hi = hi.cwiseMax(p);
        }
    }
    bool isEmpty() const { return !(hi.x() >= lo.x() && hi.y() >= lo.y()); }
};

// A surface's trace on the plane, across the picture, into `f`, and its
// hatching on the solid side (against the normal) into `hatching`.
void addSurface(Figure& f, std::vector<FigureSeries>& hatching, const ScenePlane& plane, TrajectoryPlane view,
                const PictureBox& box) {
    Vec2 n = projectToTrajectoryPlane(plane.normal, view);
    if (n.norm() < kMinProjectedNormal * plane.normal.norm()) return;
    n.normalize();
    const Vec2 along = perpendicularOf(n);
    const Vec2 origin = projectToTrajectoryPlane(plane.point, view);
    // Where the box's corners fall along the trace.
    double s0 = INFINITY, s1 = -INFINITY;
    for (const Vec2& c : {box.lo, box.hi, Vec2(box.lo.x(), box.hi.y()), Vec2(box.hi.x(), box.lo.y())}) {
        s0 = std::min(s0, (c - origin).dot(along));
        s1 = std::max(s1, (c - origin).dot(along));
    }
    const double margin = kSurfaceMarginShare * (box.hi - box.lo).norm();
    s0 -= margin;
    s1 += margin;
    f.series.push_back(makeTrajectoryLine(plane.name, -2, false, {origin + s0 * along, origin + s1 * along}));
    // The ticks as one line that goes out along each tick and back.
    const double step = kHatchShare * (s1 - s0);
    std::vector<Vec2> hatch;
    for (double s = s0 + step; s < s1; s += step) {
        const Vec2 on = origin + s * along;
        hatch.insert(hatch.end(), {on, on - step * (n + along), on});
    }
    FigureSeries h = makeTrajectoryLine(plane.name + " (hatching)", -2, false, std::move(hatch));
    h.inLegend = false;
    hatching.push_back(std::move(h));
}

// Rays of the superball cone at one impact: into `f` those the legend names
// (the edges once, v+ once per verdict: `edgesInLegend`, `vPlusInLegend`),
// the others into `unnamed`.
void addCone(Figure& f, std::vector<FigureSeries>& unnamed, const ImpactCone& c, TrajectoryPlane view, double length,
             bool edgesInLegend, bool vPlusInLegend) {
    const Vec2 at = projectToTrajectoryPlane(c.point, view);
    const std::string impact = "impact " + std::to_string(c.impact + 1);
    const auto ray = [&](const Vec3& v) -> std::vector<Vec2> {
        const Vec2 d = projectToTrajectoryPlane(v, view);
        if (d.norm() < kMinProjectedAxis * v.norm() || !(d.norm() > 0.0)) return {};
        return {at, at + length * d.normalized()};
    };
    FigureSeries vMinus = makeTrajectoryLine(impact + ": v- (cone edge)", 4, true, ray(c.vMinus));
    FigureSeries normal = makeTrajectoryLine(impact + ": n (cone edge)", 4, true, ray(c.normal));
    const bool in = c.test.inCone;
    FigureSeries vPlus = makeTrajectoryLine(impact + (in ? ": v+ in the cone" : ": v+ outside the cone"), in ? 2 : 1,
                                            false, ray(c.vPlus));
    vMinus.inLegend = normal.inLegend = edgesInLegend;
    vPlus.inLegend = vPlusInLegend;
    for (FigureSeries* s : {&vMinus, &normal, &vPlus})
        if (!s->points.empty()) (s->inLegend ? f.series : unnamed).push_back(std::move(*s));
}

}  // namespace

TrajectoryPlane getTrajectoryPlane(const SimulatedScene& scene) {
    return std::holds_alternative<VehicleScene>(scene) ? TrajectoryPlane::XY : TrajectoryPlane::XZ;
}

Vec2 projectToTrajectoryPlane(const Vec3& p, TrajectoryPlane plane) {
    return plane == TrajectoryPlane::XY ? Vec2(p.x(), p.y()) : Vec2(p.x(), p.z());
}

std::vector<double> calcStroboscopeTimes(const SimulationRun& run) {
    if (run.samples.empty()) return {};
    const double t0 = run.samples.front().time, t1 = run.samples.back().time;
    const double spacing = (t1 - t0) / (kStroboscopeInstants - 1);
    std::vector<double> even;
    for (int k = 0; k < kStroboscopeInstants; ++k) even.push_back(k + 1 == kStroboscopeInstants ? t1 : t0 + k * spacing);
    std::vector<double> times;
    for (const ImpactEventRecord& e : run.impacts)
        if (e.body == 0 && e.time >= t0 && e.time <= t1) times.push_back(e.time);
    for (double t : even) {
        const bool replaced = std::any_of(times.begin(), times.end(), [&](double ti) {
            return std::abs(ti - t) < kStroboscopeMergeShare * spacing;
        });
        if (!replaced || spacing <= 0.0) times.push_back(t);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

std::vector<Vec2> calcBodyOutline(const Shape& shape, const BodyState& state, TrajectoryPlane plane) {
    const Vec2 centre = projectToTrajectoryPlane(state.position, plane);
    const Vec3 axisX = state.orientation * Vec3::UnitX();
    switch (shape.type) {
        case Shape::Type::Rod: {
            const Vec3 half = 0.5 * shape.length * axisX;
            return {projectToTrajectoryPlane(state.position - half, plane),
                    projectToTrajectoryPlane(state.position + half, plane)};
        }
        case Shape::Type::Sphere: {
            // The circle starts where the body's x axis meets it, so the
            // closing radius turns with the body.
            Vec2 spoke = projectToTrajectoryPlane(axisX, plane);
            const bool seen = spoke.norm() > kMinProjectedAxis;
            const double start = seen ? std::atan2(spoke.y(), spoke.x()) : 0.0;
            std::vector<Vec2> line;
            for (int k = 0; k <= kOutlineCirclePoints; ++k) {
                const double a = start + 2.0 * kPi * k / kOutlineCirclePoints;
                line.push_back(centre + shape.radius * Vec2(std::cos(a), std::sin(a)));
            }
            if (seen) line.push_back(centre);
            return line;
        }
        case Shape::Type::Box: {
            std::vector<Vec2> corners;
            for (int i = 0; i < 8; ++i) {
                const Vec3 local((i & 1 ? 1 : -1) * shape.halfExtents.x(), (i & 2 ? 1 : -1) * shape.halfExtents.y(),
                                 (i & 4 ? 1 : -1) * shape.halfExtents.z());
                corners.push_back(projectToTrajectoryPlane(state.position + state.orientation * local, plane));
            }
            return calcClosedHull(std::move(corners));
        }
    }
    return {centre};
}

Figure makeTrajectoryFigure(const SimulatedScene& simulated, const SimulationRun& run, int selectedImpact) {
    const Scene& scene = getScene(simulated);
    const TrajectoryPlane view = getTrajectoryPlane(simulated);
    const bool planar = std::holds_alternative<PlanarScene>(simulated);
    Figure f;
    f.xLabel = "x [m]";
    f.yLabel = view == TrajectoryPlane::XY || planar ? "y [m]" : "z [m]";
    f.equalScales = true;
    if (scene.bodies.empty() || run.samples.empty() || run.samples.front().bodies.empty()) {
        f.title = "Trajectory: no run";
        return f;
    }
    const SceneBody& body = scene.bodies[0];

    // The snapshots, oldest (lightest) first so the newest are drawn on top.
    const std::vector<double> times = calcStroboscopeTimes(run);
    const double t0 = run.samples.front().time, span = run.samples.back().time - t0;
    std::vector<FigureSeries> snapshots;
    PictureBox box;
    const auto isImpact = [&run](double t) {
        return std::any_of(run.impacts.begin(), run.impacts.end(),
                           [t](const ImpactEventRecord& e) { return e.body == 0 && e.time == t; });
    };
    for (double t : times) {
        const std::vector<BodyState> states = run.calcStatesAt(t);
        const bool impact = isImpact(t);
        FigureSeries s = makeTrajectoryLine(body.name + " at t = " + formatNumber(t, kTrajectoryDigits) + " s" +
                                                (impact ? " (impact)" : ""),
                                            impact ? kImpactSnapshotColor : -1, false,
                                            calcBodyOutline(body.shape, states[0], view));
        s.fade = span > 0.0 ? kOldestSnapshotFade * (1.0 - (t - t0) / span) : 0.0;
        s.inLegend = false;
        box.add(s.points);
        snapshots.push_back(std::move(s));
    }
    // The centre of mass at every sample.
    std::vector<Vec2> path;
    path.reserve(run.samples.size());
    for (const RunSample& sample : run.samples) path.push_back(projectToTrajectoryPlane(sample.bodies[0].position, view));
    box.add(path);

    // Drawing order is legend order, and a legend keeps a slot for each
    // series it hides: the named series first (surfaces, path, cones), then
    // the other rays, the hatching and the snapshots.
    std::vector<FigureSeries> hatching;
    for (const ScenePlane& plane : scene.planes) addSurface(f, hatching, plane, view, box);
    f.series.push_back(makeTrajectoryLine("centre of mass", 0, false, std::move(path)));

    // The superball cones of a ball.
    int drawn = 0, inCone = 0, cones = 0;
    bool inShown = false, outShown = false;
    std::vector<FigureSeries> unnamedRays;
    if (body.shape.type == Shape::Type::Sphere) {
        const std::vector<ImpactCone> all = findImpactCones(run);
        const double length = kConeRayShare * (box.hi - box.lo).maxCoeff();
        cones = static_cast<int>(all.size());
        for (const ImpactCone& c : all) {
            inCone += c.test.inCone;
            if (cones > kMaxConeImpacts && c.impact != (selectedImpact >= 0 ? selectedImpact : all.front().impact)) continue;
            bool& shown = c.test.inCone ? inShown : outShown;
            addCone(f, unnamedRays, c, view, length, drawn == 0, !shown);
            shown = true;
            ++drawn;
        }
    }

    for (FigureSeries& s : unnamedRays) f.series.push_back(std::move(s));
    for (FigureSeries& s : hatching) f.series.push_back(std::move(s));
    for (FigureSeries& s : snapshots) f.series.push_back(std::move(s));

    const int impacts = static_cast<int>(std::count_if(times.begin(), times.end(), isImpact));
    f.title = "The " + body.name + " at " + std::to_string(static_cast<int>(times.size()) - impacts) + " instants and " +
              std::to_string(impacts) + (impacts == 1 ? " impact" : " impacts") + " (purple), earlier lighter";
    if (cones > 0) f.title += "; v+ in the cone of v- and n: " + std::to_string(inCone) + " of " + std::to_string(cones);
    return f;
}

}  // namespace impactlab
