#include "sim/granular/GranularSetups.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "sim/granular/SettlingBox.h"

namespace impactlab::granular {

namespace {

// The channel's obstacle (Preclik et al. sec. 4.3): a cylinder of radius 1 cm
// at (4, 4) cm along z, its right half (x > 4 cm) replaced by a box.
const Vec3 kObstacleCentre(0.04, 0.04, 0.01);   // m
constexpr double kObstacleRadius = 0.01;        // m
// Initial grid sites whose sphere would come closer than this (in diameters)
// to the obstacle are left empty.
constexpr double kObstacleClearance = 0.1;
// The paper's initial grid in diameters: 1 mm / 0.47 mm.
constexpr double kChannelGridDiameters = kChannelPaperGrid / kChannelPaperDiameter;
// The closest the initial grid's sites may be (diameters), whatever the
// rounding of their count: apart, with room for the perturbations.
constexpr double kMinGridDiameters = 1.5;
// The fewest particles that give the channel one grid layer in z.
constexpr int kMinChannelParticles = 100;

// The hopper's lattice spacing and wall thickness (diameters), and the
// height its walls reach above the top row: the settling box's random
// velocities throw a sphere up by 1.3 d at most (0.5^2 / 2g), so none
// leaves over a wall's top.
constexpr double kHopperSpacing = 1.1;
constexpr double kHopperWallThickness = 2.0;
constexpr double kHopperWallHeadroom = 5.0;
// Lattice sites keep this gap (diameters) from an inclined wall.
constexpr double kHopperClearance = 0.05;

double getChannelScale(int particles) { return std::cbrt(particles / kChannelPaperSites); }

double getSphereMass(double d) { return kChannelDensity * EIGEN_PI * d * d * d / 6.0; }

bool touchesObstacle(const Vec3& x, double clearance) {
    const Vec2 c = kObstacleCentre.head<2>();
    if ((x.head<2>() - c).norm() < kObstacleRadius + clearance) return true;
    return x.x() > c.x() - clearance && x.x() < c.x() + kObstacleRadius + clearance &&
           std::abs(x.y() - c.y()) < kObstacleRadius + clearance;
}

void addWalls(GranularWorld& w, int axis, double lo, double hi) {
    Vec3 n = Vec3::Zero();
    n(axis) = 1.0;
    w.planes.push_back(Plane{n, lo, Vec3::Zero()});     // x_axis >= lo
    w.planes.push_back(Plane{-n, -hi, Vec3::Zero()});   // x_axis <= hi
}

GranularWorld makeChannelFlow(const GranularScene& scene) {
    if (scene.particles < kMinChannelParticles)
        throw InputError("granular.particles", "the channel flow needs at least " + std::to_string(kMinChannelParticles) +
                                                   " (one grid layer in z), got " + std::to_string(scene.particles));
    const double d = getParticleDiameter(scene);
    const double r = 0.5 * d, grid = kChannelGridDiameters * d, mass = getSphereMass(d);
    const ChannelFlowSettings& c = scene.channel;
    GranularWorld w;
    // Walls in y and z; the inflow plane at x = 0 (sec. 4.3).
    addWalls(w, 1, 0.0, kChannelWidth);
    addWalls(w, 2, 0.0, kChannelHeight);
    w.planes.push_back(Plane{Vec3::UnitX(), 0.0, Vec3(c.inflowSpeed, 0.0, 0.0)});
    w.cylinders.push_back(Cylinder{kObstacleCentre, Vec3::UnitZ(), kObstacleRadius, 0.5 * kChannelHeight});
    w.boxes.push_back(Box{kObstacleCentre + Vec3(0.5 * kObstacleRadius, 0.0, 0.0),
                          Vec3(0.5 * kObstacleRadius, kObstacleRadius, 0.5 * kChannelHeight), Mat3::Identity()});
    w.outflows.push_back(Outflow{Vec3::UnitX(), kChannelLength});
    w.bounds = Bounds{Vec3(-d, 0.0, 0.0), Vec3(kChannelLength + d, kChannelWidth, kChannelHeight)};

    // The initial fill: the paper's grid, which spans the channel (150 x 65 x
    // 20 sites of 1 mm); scaled, each axis gets the whole number of sites
    // nearest its length over 2.13 d, spread over the length. Every particle
    // moves at the inflow speed with y and z perturbed.
    std::mt19937 rng(scene.seed);
    std::uniform_real_distribution<double> u(-c.perturbation, c.perturbation);
    auto countSites = [&](double length) {
        const int n = std::max(1, static_cast<int>(std::lround(length / grid)));
        return std::min(n, std::max(1, static_cast<int>(length / (kMinGridDiameters * d))));
    };
    const int nx = countSites(kChannelLength), ny = countSites(kChannelWidth), nz = countSites(kChannelHeight);
    const Vec3 sites(kChannelLength / nx, kChannelWidth / ny, kChannelHeight / nz);
    for (int k = 0; k < nz; ++k)
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i) {
                const Vec3 x = sites.cwiseProduct(Vec3(i + 0.5, j + 0.5, k + 0.5));
                if (touchesObstacle(x, r + kObstacleClearance * d)) continue;
                Sphere s;
                s.position = x;
                s.velocity = Vec3(c.inflowSpeed, 0.0, 0.0);
                s.velocity.y() += u(rng);
                s.velocity.z() += u(rng);
                s.radius = r;
                s.mass = mass;
                s.id = w.nextId++;
                w.spheres.push_back(s);
            }

    // The inflow: reset after two radii, a layer on a 3 d grid in y-z.
    Inflow in;
    in.plane = static_cast<int>(w.planes.size()) - 1;
    in.resetDistance = d;
    in.velocity = Vec3(c.inflowSpeed, 0.0, 0.0);
    in.perturbation = c.perturbation;
    in.perturbationAxes = Eigen::Vector3i(0, 1, 1);
    in.radius = r;
    in.mass = mass;
    in.random.seed(scene.seed + 1);
    const double spacing = kChannelLayerSpacing * d;
    const int my = std::max(1, static_cast<int>(kChannelWidth / spacing)),
              mz = std::max(1, static_cast<int>(kChannelHeight / spacing));
    for (int k = 0; k < mz; ++k)
        for (int j = 0; j < my; ++j)
            in.layer.emplace_back(r, 0.5 * kChannelWidth + (j - 0.5 * (my - 1)) * spacing,
                                  0.5 * kChannelHeight + (k - 0.5 * (mz - 1)) * spacing);
    w.inflows.push_back(std::move(in));
    w.options = makeGranularOptions(scene);
    return w;
}

GranularWorld makeHopper(const GranularScene& scene) {
    const HopperSettings& h = scene.hopper;
    const double d = kSettlingBoxDiameter, r = 0.5 * d, mass = getSphereMass(d);
    const double outlet = h.outletWidth * d, depth = h.depth * d;
    const double tanTheta = std::tan(h.wallAngle), cosTheta = std::cos(h.wallAngle), sinTheta = std::sin(h.wallAngle);
    const double spacing = kHopperSpacing * d;
    GranularWorld w;
    std::mt19937 rng(scene.seed);
    std::uniform_real_distribution<double> u(-0.5, 0.5);
    // Rows from one diameter above the outlet, x fastest, then y, then z.
    const int ny = static_cast<int>((depth - d) / spacing) + 1;
    double zTop = d;
    for (int k = 0; static_cast<int>(w.spheres.size()) < scene.particles; ++k) {
        const double z = d + k * spacing;
        // Horizontal room from the axis to a wall at this height, less the
        // sphere's reach measured horizontally.
        const double half = 0.5 * outlet + z * tanTheta - (r + kHopperClearance * d) / cosTheta;
        if (half < 0.0) {
            if (k > 0) continue;
            throw InputError("granular.hopper.outlet_width", "leaves no room for a sphere above the outlet");
        }
        const int nx = static_cast<int>(2.0 * half / spacing) + 1;
        for (int j = 0; j < ny && static_cast<int>(w.spheres.size()) < scene.particles; ++j)
            for (int i = 0; i < nx && static_cast<int>(w.spheres.size()) < scene.particles; ++i) {
                Sphere s;
                s.position = Vec3((i - 0.5 * (nx - 1)) * spacing, (j - 0.5 * (ny - 1)) * spacing, z);
                const double vx = u(rng), vy = u(rng), vz = u(rng);
                s.velocity = Vec3(vx, vy, vz);
                s.radius = r;
                s.mass = mass;
                s.id = w.nextId++;
                w.spheres.push_back(s);
            }
        zTop = z;
    }
    // The inclined walls: thin boxes whose inner faces rise from the
    // outlet's edges, at wallAngle from the vertical.
    const double wallHeight = zTop + kHopperWallHeadroom * d;
    const double length = wallHeight / cosTheta, halfThickness = 0.5 * kHopperWallThickness * d;
    for (const double side : {-1.0, 1.0}) {
        const Vec3 edge(side * 0.5 * outlet, 0.0, 0.0);
        const Vec3 up(side * sinTheta, 0.0, cosTheta);
        const Vec3 inward(-side * cosTheta, 0.0, sinTheta);
        Box wall;
        wall.axes.col(0) = up;
        wall.axes.col(1) = Vec3::UnitY();
        wall.axes.col(2) = inward;
        wall.halfExtents = Vec3(0.5 * length, 0.5 * depth + d, halfThickness);
        wall.centre = edge + 0.5 * length * up - halfThickness * inward;
        w.boxes.push_back(wall);
    }
    addWalls(w, 1, -0.5 * depth, 0.5 * depth);
    w.outflows.push_back(Outflow{-Vec3::UnitZ(), kHopperDischargeDepth * d});
    const double halfTop = 0.5 * outlet + wallHeight * tanTheta + kHopperWallThickness * d;
    w.bounds = Bounds{Vec3(-halfTop, -0.5 * depth, -2.0 * kHopperDischargeDepth * d),
                      Vec3(halfTop, 0.5 * depth, wallHeight + kOpenTopHeadroom)};
    w.options = makeGranularOptions(scene);
    return w;
}

}  // namespace

FrictionModel parseFrictionModel(const std::string& name, const std::string& field) {
    if (name == kMaxDissipationFrictionModel) return FrictionModel::MaxDissipation;
    if (name == kCoulombFrictionModel) return FrictionModel::Coulomb;
    throw InputError(field, "must be \"max-dissipation\" or \"coulomb\", got \"" + name + "\"");
}

SweepKind parseSweepKind(const std::string& name, const std::string& field) {
    if (name == "gauss-seidel") return SweepKind::GaussSeidel;
    if (name == "jacobi") return SweepKind::Jacobi;
    throw InputError(field, "must be \"gauss-seidel\" or \"jacobi\", got \"" + name + "\"");
}

GranularOptions makeGranularOptions(const GranularScene& scene) {
    const GranularSolverSettings& s = scene.solver;
    GranularOptions o;
    o.timeStep = s.timeStep;
    o.gravity = scene.gravity;
    o.friction = s.friction;
    o.model = parseFrictionModel(s.frictionModel, "granular.friction_model");
    o.sweep = parseSweepKind(s.sweep, "granular.sweep");
    o.maxIterations = s.iterations;
    o.residualTolerance = s.residualTolerance;
    o.relaxation = s.relaxation;
    o.jacobiRelaxation = s.jacobiRelaxation;
    o.errorReduction = s.errorReduction;
    o.contactMarginShare = s.contactMargin;
    o.contactFloorShare = s.contactFloor;
    o.speculativeFactor = s.speculativeFactor;
    o.threads = s.threads;
    return o;
}

double getParticleDiameter(const GranularScene& scene) {
    if (scene.setup == GranularSetup::ChannelFlow) return kChannelPaperDiameter / getChannelScale(scene.particles);
    return kSettlingBoxDiameter;
}

GranularWorld makeGranularWorld(const GranularScene& scene) {
    GranularWorld w;
    switch (scene.setup) {
        case GranularSetup::SettlingBox:
            w = makeSettlingBox(scene.particles, FrictionModel::MaxDissipation, scene.seed);
            w.options = makeGranularOptions(scene);
            break;
        case GranularSetup::ChannelFlow: w = makeChannelFlow(scene); break;
        case GranularSetup::Hopper: w = makeHopper(scene); break;
    }
    w.validate();
    return w;
}

GranularViewWindows makeGranularViewWindows(const GranularScene& scene) {
    GranularViewWindows v;
    const double d = getParticleDiameter(scene);
    v.diameter = d;
    v.rdfMaxDistance = 5.0 * d;
    v.rdfBins = 100;
    auto makeGrid = [](const Bounds& b, double cell) {
        FieldGrid g;
        g.xMin = b.min.x();
        g.xMax = b.max.x();
        g.yMin = b.min.y();
        g.yMax = b.max.y();
        g.nx = std::max(1, static_cast<int>(std::lround((g.xMax - g.xMin) / cell)));
        g.ny = std::max(1, static_cast<int>(std::lround((g.yMax - g.yMin) / cell)));
        return g;
    };
    if (scene.setup == GranularSetup::ChannelFlow) {
        v.domain = Bounds{Vec3::Zero(), Vec3(kChannelLength, kChannelWidth, kChannelHeight)};
        v.fieldGrid = makeGrid(v.domain, kChannelGridDiameters * d);
        v.rdfWindow = Bounds{Vec3(0.12, 0.0, 0.0), Vec3(0.14, kChannelWidth, kChannelHeight)};
        v.solidFractionWindow = Bounds{Vec3(0.12, 0.0, 0.0), Vec3(0.14, kChannelWidth, 4.0 * d)};
        return v;
    }
    if (scene.setup == GranularSetup::SettlingBox) {
        const double wall = calcSettlingBoxWallDistance(scene.particles);
        v.domain = Bounds{Vec3(-wall, -wall, 0.0), Vec3(wall, wall, calcSettlingBoxLatticeTop(scene.particles))};
        v.fieldGrid = makeGrid(v.domain, 2.0 * d);
        v.rdfWindow = Bounds{Vec3(-wall, -wall, 0.0), Vec3(wall, wall, 10.0 * d)};
        v.solidFractionWindow = Bounds{Vec3(2.0 * d - wall, 2.0 * d - wall, 0.0), Vec3(wall - 2.0 * d, wall - 2.0 * d, 4.0 * d)};
        return v;
    }
    // The hopper: the column above the outlet, across the depth.
    const GranularWorld w = makeGranularWorld(scene);
    v.domain = w.bounds;
    v.domain.min.z() = -kHopperDischargeDepth * d;
    v.domain.max.z() = 0.0;
    for (const Box& b : w.boxes) v.domain.max.z() = std::max(v.domain.max.z(), b.centre.z() + (b.axes.row(2).cwiseAbs() * b.halfExtents)(0));
    v.fieldGrid = makeGrid(v.domain, 2.0 * d);
    const double halfOutlet = 0.5 * scene.hopper.outletWidth * d, halfDepth = 0.5 * scene.hopper.depth * d;
    v.rdfWindow = Bounds{Vec3(-halfOutlet, -halfDepth, d), Vec3(halfOutlet, halfDepth, 11.0 * d)};
    v.solidFractionWindow = Bounds{Vec3(-halfOutlet, -halfDepth, 0.0), Vec3(halfOutlet, halfDepth, 10.0 * d)};
    return v;
}

}  // namespace impactlab::granular
