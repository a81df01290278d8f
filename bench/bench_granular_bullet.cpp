// The settling box (issue 12, item 8) in ImpactLab's stepper and in Bullet
// 3.24 (a game engine: btDiscreteDynamicsWorld, sequential impulses), from
// the same spheres, velocities and walls, the same dt (1e-4 s), gravity,
// friction (0.4), no restitution and 10 solver iterations: the time per
// step of each and their ratio.
//
// Bullet runs in centimetres (and seconds, kilograms): its broad phase pads
// every moving body by a fixed 0.05 length units, which in metres would make
// every pair of centimetre spheres overlap (docs/design.md, "Platform"). Its
// bodies are kept awake (DISABLE_DEACTIVATION): a sleeping pile costs
// nothing and would compare sleeping, not solving. Both engines first take
// kWarmupSteps steps (0.05 s), then kTimedSteps are timed on one thread.
//
//   impactlab_bench_granular_bullet [N...]      (default 1000 8000 27000)
#include <btBulletDynamicsCommon.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "sim/granular/SettlingBox.h"

using namespace impactlab::granular;

namespace {

constexpr int kWarmupSteps = 500;
constexpr int kTimedSteps = 20;
constexpr double kCentimetresPerMetre = 100.0;
constexpr double kTimeStep = 1e-4;   // s, the benchmark's

class BulletBox {
public:
    explicit BulletBox(const GranularWorld& w)
        : dispatcher_(&config_), world_(&dispatcher_, &broadphase_, &solver_, &config_),
          sphere_(static_cast<btScalar>(w.spheres.front().radius * kCentimetresPerMetre)) {
        const double g = kCentimetresPerMetre;
        world_.setGravity(btVector3(static_cast<btScalar>(w.options.gravity.x() * g),
                                    static_cast<btScalar>(w.options.gravity.y() * g),
                                    static_cast<btScalar>(w.options.gravity.z() * g)));
        world_.getSolverInfo().m_numIterations = w.options.maxIterations;
        // The floor and the walls: n.x >= offset is btStaticPlaneShape(n, offset).
        for (const Plane& p : w.planes) {
            planes_.push_back(std::make_unique<btStaticPlaneShape>(
                btVector3(static_cast<btScalar>(p.normal.x()), static_cast<btScalar>(p.normal.y()),
                          static_cast<btScalar>(p.normal.z())),
                static_cast<btScalar>(p.offset * g)));
            addBody(0.0, planes_.back().get(), btVector3(0, 0, 0), btVector3(0, 0, 0), w.options.friction);
        }
        for (const Sphere& s : w.spheres) {
            addBody(s.mass, &sphere_,
                    btVector3(static_cast<btScalar>(s.position.x() * g), static_cast<btScalar>(s.position.y() * g),
                              static_cast<btScalar>(s.position.z() * g)),
                    btVector3(static_cast<btScalar>(s.velocity.x() * g), static_cast<btScalar>(s.velocity.y() * g),
                              static_cast<btScalar>(s.velocity.z() * g)),
                    w.options.friction);
        }
    }
    ~BulletBox() {
        for (int i = world_.getNumCollisionObjects() - 1; i >= 0; --i)
            world_.removeCollisionObject(world_.getCollisionObjectArray()[i]);
    }

    void step() { world_.stepSimulation(static_cast<btScalar>(kTimeStep), 0); }
    // m, the spheres' mean height: the two runs should agree on where the
    // pile is (a check that both simulate the same scene).
    double calcMeanHeight() const {
        double z = 0.0;
        int n = 0;
        for (const auto& b : bodies_)
            if (b->getInvMass() > 0) {
                z += b->getWorldTransform().getOrigin().z() / kCentimetresPerMetre;
                ++n;
            }
        return n ? z / n : 0.0;
    }
    int countContacts() {
        int n = 0;
        for (int m = 0; m < dispatcher_.getNumManifolds(); ++m) n += dispatcher_.getManifoldByIndexInternal(m)->getNumContacts();
        return n;
    }

private:
    void addBody(double mass, btCollisionShape* shape, const btVector3& x, const btVector3& v, double friction) {
        btVector3 inertia(0, 0, 0);
        if (mass > 0.0) shape->calculateLocalInertia(static_cast<btScalar>(mass), inertia);
        btRigidBody::btRigidBodyConstructionInfo info(static_cast<btScalar>(mass), nullptr, shape, inertia);
        info.m_startWorldTransform.setIdentity();
        info.m_startWorldTransform.setOrigin(x);
        info.m_friction = static_cast<btScalar>(friction);
        info.m_restitution = 0;
        bodies_.push_back(std::make_unique<btRigidBody>(info));
        btRigidBody* b = bodies_.back().get();
        b->setLinearVelocity(v);
        b->setActivationState(DISABLE_DEACTIVATION);
        world_.addRigidBody(b);
    }

    btDefaultCollisionConfiguration config_;
    btCollisionDispatcher dispatcher_;
    btDbvtBroadphase broadphase_;
    btSequentialImpulseConstraintSolver solver_;
    btDiscreteDynamicsWorld world_;
    btSphereShape sphere_;
    std::vector<std::unique_ptr<btStaticPlaneShape>> planes_;
    std::vector<std::unique_ptr<btRigidBody>> bodies_;
};

template <typename Step>
double timeSteps(Step&& step) {
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < kTimedSteps; ++k) step();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / kTimedSteps;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> sizes;
    for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
    if (sizes.empty()) sizes = {1000, 8000, 27000};
    std::printf("%-10s %-26s %-26s %-20s %s\n", "particles", "ImpactLab ms/step", "Bullet ms/step", "Bullet / ImpactLab",
                "mean height (m), ImpactLab / Bullet");
    for (int n : sizes) {
        GranularWorld ours = makeSettlingBox(n);
        ours.options.threads = 1;
        BulletBox bullet(ours);
        for (int k = 0; k < kWarmupSteps; ++k) {
            ours.step();
            bullet.step();
        }
        int oursContacts = 0;
        const double tOurs = timeSteps([&] { oursContacts = ours.step().contacts; });
        const double tBullet = timeSteps([&] { bullet.step(); });
        double height = 0.0;
        for (const Sphere& s : ours.spheres) height += s.position.z() / n;
        std::printf("%-10d %-26s %-26s %-20.2f %.4f / %.4f\n", n,
                    (std::to_string(1e3 * tOurs).substr(0, 6) + " (" + std::to_string(oursContacts) + " contacts)").c_str(),
                    (std::to_string(1e3 * tBullet).substr(0, 6) + " (" + std::to_string(bullet.countContacts()) + " points)").c_str(),
                    tBullet / tOurs, height, bullet.calcMeanHeight());
    }
    return 0;
}
