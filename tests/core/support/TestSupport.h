#pragma once
// Helpers shared by the core suites: random bodies and problems with a fixed
// seed, so failures reproduce.
#include <random>

#include "mechanics/TwoBodyContact.h"

namespace impactlab::test {

class RandomBodies {
public:
    explicit RandomBodies(unsigned seed) : rng_(seed) {}

    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
    Vec3 vec(double scale) { return Vec3(uniform(-scale, scale), uniform(-scale, scale), uniform(-scale, scale)); }
    Quat rotation() {
        Quat q(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
        return q.normalized();
    }
    // A box-like body: principal moments from random edge lengths, so the
    // triangle inequality holds.
    RigidBody body() {
        RigidBody b;
        b.mass = uniform(0.2, 20.0);
        const Vec3 e(uniform(0.05, 2.0), uniform(0.05, 2.0), uniform(0.05, 2.0));
        b.principalInertia = b.mass / 12.0 * Vec3(e.y() * e.y() + e.z() * e.z(), e.x() * e.x() + e.z() * e.z(),
                                                  e.x() * e.x() + e.y() * e.y());
        b.orientation = rotation();
        b.position = vec(1.0);
        b.velocity = vec(3.0);
        b.angularVelocity = vec(5.0);
        return b;
    }
    // Two bodies meeting at a point, approaching along the normal.
    TwoBodyContact contact(bool body2Fixed) {
        for (;;) {
            TwoBodyContact c;
            c.body1 = body();
            c.body2 = body2Fixed ? RigidBody::makeFixed() : body();
            c.point = vec(1.0);
            c.frame = ContactFrame::makeFromNormal(vec(1.0));
            if (c.calcContactRelativeVelocity().z() < -0.05) return c;
        }
    }

private:
    std::mt19937 rng_;
};

}  // namespace impactlab::test
