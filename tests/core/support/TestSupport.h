#pragma once
// Helpers shared by the core suites: random bodies and problems with a fixed
// seed, so failures reproduce.
#include <algorithm>
#include <cstdlib>
#include <random>

#include "mechanics/TwoBodyContact.h"

namespace impactlab::test {

// The number of random cases a property test draws: `full` scaled by the
// environment's IMPACTLAB_TRIAL_PERCENT (1 to 100; default 100, anything else
// is ignored). The sanitized build runs a quarter
// (scripts/run-sanitized-tests.sh): its checks slow the solvers about tenfold,
// and a memory or undefined-behaviour error shows on any case that takes its
// code path. A test that counts regimes asserts shares of this count.
inline int getTrialCount(int full) {
    constexpr int kFullPercent = 100;
    int percent = kFullPercent;
    if (const char* text = std::getenv("IMPACTLAB_TRIAL_PERCENT")) {
        const int p = std::atoi(text);
        if (p >= 1 && p <= kFullPercent) percent = p;
    }
    return std::max(1, full * percent / kFullPercent);
}

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
