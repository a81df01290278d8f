#include "scene/DerivedQuantities.h"

#include <cmath>

#include "io/JsonInput.h"

namespace impactlab {

const std::vector<DerivedQuantity>& listDerivedQuantities() {
    static const std::vector<DerivedQuantity> quantities{
        {"tangential_restitution", "Tangential restitution e_t", ""},
        {"rebound_angle", "Rebound angle", "rad"},
        {"spin", "Angular speed after impact", "rad/s"},
        {"contact_rebound_angle", "Contact-patch rebound angle", "rad"},
    };
    return quantities;
}

const DerivedQuantity* findDerivedQuantity(std::string_view id) {
    for (const DerivedQuantity& q : listDerivedQuantities())
        if (q.id == id) return &q;
    return nullptr;
}

std::optional<double> evaluateDerivedQuantity(std::string_view id, const ImpactScene& scene, const ImpactResult& result) {
    if (!findDerivedQuantity(id)) throw InputError("quantity", "no derived quantity '" + std::string(id) + "'");
    // Contact-level input (a preset W) has no bodies; at body level the
    // bodies after are the scene's under the law's impulse (every law's
    // answer, the time-integrated reference's too).
    if (!scene.problem.bodies) return std::nullopt;
    const TwoBodyContact& bodies = *scene.problem.bodies;
    const TwoBodyContact bodiesAfter = bodies.calcAfterImpulse(result.impulse);
    const RigidBody& before = bodies.body1;
    const RigidBody& after = bodiesAfter.body1;
    if (id == "spin") return after.angularVelocity.norm();

    const Vec3 n = bodies.frame.n();
    const bool ofContact = id == "contact_rebound_angle";
    // The direction of the tangential approach: the centre's, or the contact
    // point's for the contact's own angle.
    const Vec3 vBefore = ofContact ? bodies.calcWorldRelativeVelocity() : before.velocity;
    const Vec3 tangential = vBefore - vBefore.dot(n) * n;
    if (tangential.norm() <= kMinTangentialApproachShare * vBefore.norm()) return std::nullopt;
    const Vec3 t = tangential.normalized();
    const Vec3 vAfter = ofContact ? bodiesAfter.calcWorldRelativeVelocity() : after.velocity;
    if (id == "tangential_restitution") return vAfter.dot(t) / vBefore.dot(t);
    return std::atan2(vAfter.dot(t), vAfter.dot(n));
}

}  // namespace impactlab
