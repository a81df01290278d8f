#include "sim/granular/SettlingBox.h"

#include <cmath>
#include <random>

namespace impactlab::granular {

namespace {
constexpr int kMaxParticles = 10000000;

// nx = ny = ceil(cbrt(N)) (the guard keeps exact cubes from rounding up).
int getLatticeSide(int particles) { return static_cast<int>(std::ceil(std::cbrt(static_cast<double>(particles)) - 1e-9)); }
}  // namespace

double calcSettlingBoxWallDistance(int particles) {
    return 0.5 * getLatticeSide(particles) * kSettlingBoxSpacing * kSettlingBoxDiameter + kSettlingBoxDiameter;
}

double calcSettlingBoxLatticeTop(int particles) {
    const int n = getLatticeSide(particles);
    const int layers = (particles + n * n - 1) / (n * n);
    return kSettlingBoxDiameter * (1.0 + (layers - 1) * kSettlingBoxSpacing + 0.5);
}

GranularWorld makeSettlingBox(int particles, FrictionModel model, std::uint32_t seed) {
    if (particles < 1 || particles > kMaxParticles)
        throw InputError("particles", "must be in [1, " + std::to_string(kMaxParticles) + "], got " + std::to_string(particles));
    const double d = kSettlingBoxDiameter;
    const double spacing = kSettlingBoxSpacing * d;
    const int n = getLatticeSide(particles);
    GranularWorld w;
    w.options.timeStep = 1e-4;
    w.options.gravity = Vec3(0, 0, -9.81);
    w.options.friction = 0.4;
    w.options.model = model;
    w.options.maxIterations = 10;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-0.5, 0.5);
    const double centre = 0.5 * (n - 1) * spacing;
    w.spheres.reserve(static_cast<std::size_t>(particles));
    for (int k = 0; k < particles; ++k) {
        Sphere s;
        s.radius = 0.5 * d;
        s.mass = kSettlingBoxDensity * EIGEN_PI * d * d * d / 6.0;
        const int ix = k % n, iy = (k / n) % n, iz = k / (n * n);
        s.position = Vec3(ix * spacing - centre, iy * spacing - centre, d + iz * spacing);
        const double vx = u(rng), vy = u(rng), vz = u(rng);
        s.velocity = Vec3(vx, vy, vz);
        s.id = k;
        w.spheres.push_back(s);
    }
    w.nextId = particles;
    const double wall = calcSettlingBoxWallDistance(particles);
    w.planes.push_back(Plane{Vec3::UnitZ(), 0.0, Vec3::Zero()});
    for (int a = 0; a < 2; ++a)
        for (const double sign : {1.0, -1.0}) {
            Vec3 normal = Vec3::Zero();
            normal(a) = sign;
            w.planes.push_back(Plane{normal, -wall, Vec3::Zero()});   // normal.x >= -wall
        }
    w.bounds = Bounds{Vec3(-wall, -wall, 0.0), Vec3(wall, wall, kOpenTopHeadroom)};
    return w;
}

}  // namespace impactlab::granular
