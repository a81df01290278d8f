#pragma once
// Free rigid bodies touching at several points: the body-level input of a
// several-contact impact (docs/problem-format.md, "Several contacts").
//
// Each contact names two bodies of the list; the normal points from body2
// into body1 and the impulse acts on body1 (its opposite on body2). A body may
// be fixed (the ground: infinite mass; it may move, like a belt, and then adds
// to the contact velocity but takes no impulse). The generalized velocity u
// stacks (v, omega) of every free body, world frame, so
//   M = blockdiag(m_i E3, I_i,world),
//   G rows of contact k = F_k^T [E3, -(r1)^x] on body1 and -F_k^T [E3, -(r2)^x] on body2,
// with F_k the contact frame (columns t1, t2, n) and r the lever arm from the
// body's centre of mass to the point (Uchida et al. eq. 2.2; for one body and
// ground A_kl = (1/m) E3 - r_k^x I^-1 r_l^x, reference note B.1.1).
#include <string>
#include <vector>

#include "mechanics/ContactFrame.h"
#include "mechanics/ContactSystem.h"
#include "mechanics/RigidBody.h"

namespace impactlab {

struct BodyContactPoint {
    int body1 = 0;             // the normal points into this body; the impulse acts on it
    int body2 = 1;             // may be a fixed body
    Vec3 point = Vec3::Zero(); // m, world
    ContactFrame frame;        // (t1, t2, n), n from body2 into body1
    std::string name;          // optional, for reports
};

struct BodyContacts {
    std::vector<RigidBody> bodies;
    std::vector<BodyContactPoint> contacts;

    int getContactCount() const { return static_cast<int>(contacts.size()); }
    // Throws InputError ("contacts[k].bodies", "bodies") for an index out of
    // range, a contact between a body and itself or between two fixed bodies.
    void validate() const;
    // The index of each body's first generalized coordinate in u (6 per free
    // body), or -1 for a fixed body.
    std::vector<int> calcCoordinateOffsets() const;
    ContactSystem calcContactSystem() const;
    double calcKineticEnergy() const;
    Vec3 calcLinearMomentum() const;   // of the free bodies
    // The bodies after the stacked contact-frame impulse (3 per contact).
    std::vector<RigidBody> calcBodiesAfter(const Eigen::VectorXd& impulse) const;
    // Contact k's impulse in the world frame.
    Vec3 calcWorldImpulse(const Eigen::VectorXd& impulse, int k) const {
        return contacts[k].frame.toWorld(impulse.segment<3>(3 * k));
    }
};

// A contact of `body` with the ground (a horizontal plane) at `point`: normal
// +z from the ground into the body, t1 = world x, t2 = world y.
BodyContactPoint makeGroundContact(int body, int ground, const Vec3& point);
// The contact of two spheres at their touching point; the normal points from
// sphere 2 into sphere 1.
BodyContactPoint makeSphereSphereContact(int body1, const Vec3& centre1, double radius1, int body2,
                                         const Vec3& centre2);

}  // namespace impactlab
