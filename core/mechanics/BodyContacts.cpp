#include "mechanics/BodyContacts.h"

namespace impactlab {

void BodyContacts::validate() const {
    const int nb = static_cast<int>(bodies.size());
    for (int i = 0; i < nb; ++i) bodies[i].validate("bodies[" + std::to_string(i) + "]");
    if (contacts.empty()) throw InputError("contacts", "must list at least one contact");
    for (std::size_t k = 0; k < contacts.size(); ++k) {
        const BodyContactPoint& c = contacts[k];
        const std::string field = "contacts[" + std::to_string(k) + "].bodies";
        if (c.body1 < 0 || c.body1 >= nb || c.body2 < 0 || c.body2 >= nb)
            throw InputError(field, "body index out of range (there are " + std::to_string(nb) + " bodies)");
        if (c.body1 == c.body2) throw InputError(field, "a contact needs two different bodies");
        if (bodies[c.body1].fixed && bodies[c.body2].fixed)
            throw InputError(field, "at least one of the two bodies must be free");
        if (!c.point.allFinite())
            throw InputError("contacts[" + std::to_string(k) + "].point", "must contain finite numbers");
    }
}

std::vector<int> BodyContacts::calcCoordinateOffsets() const {
    std::vector<int> offsets;
    int next = 0;
    for (const RigidBody& b : bodies) {
        offsets.push_back(b.fixed ? -1 : next);
        if (!b.fixed) next += 6;
    }
    return offsets;
}

ContactSystem BodyContacts::calcContactSystem() const {
    const std::vector<int> offsets = calcCoordinateOffsets();
    int ndof = 0;
    for (const RigidBody& b : bodies) ndof += b.fixed ? 0 : 6;
    const int nc = getContactCount();
    ContactSystem s;
    s.M = Eigen::MatrixXd::Zero(ndof, ndof);
    s.u = Eigen::VectorXd::Zero(ndof);
    s.G = Eigen::MatrixXd::Zero(3 * nc, ndof);
    s.w = Eigen::VectorXd::Zero(3 * nc);
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const int o = offsets[i];
        if (o < 0) continue;
        s.M.block<3, 3>(o, o) = bodies[i].mass * Mat3::Identity();
        s.M.block<3, 3>(o + 3, o + 3) = bodies[i].calcWorldInertia();
        s.u.segment<3>(o) = bodies[i].velocity;
        s.u.segment<3>(o + 3) = bodies[i].angularVelocity;
    }
    for (int k = 0; k < nc; ++k) {
        const BodyContactPoint& c = contacts[k];
        const Mat3 Ft = c.frame.axes.transpose();
        const int ends[2] = {c.body1, c.body2};
        for (int side = 0; side < 2; ++side) {
            const double sign = side == 0 ? 1.0 : -1.0;   // v = v1(c) - v2(c)
            const RigidBody& b = bodies[ends[side]];
            const int o = offsets[ends[side]];
            if (o < 0) {   // a fixed body's own motion enters through w
                s.w.segment<3>(3 * k) += sign * Ft * b.calcPointVelocity(c.point);
                continue;
            }
            // point velocity = v + omega x r = [E3, -r^x] (v, omega)
            s.G.block<3, 3>(3 * k, o) += sign * Ft;
            s.G.block<3, 3>(3 * k, o + 3) += -sign * Ft * makeCrossMatrix(c.point - b.position);
        }
    }
    return s;
}

double BodyContacts::calcKineticEnergy() const {
    double T = 0.0;
    for (const RigidBody& b : bodies) T += b.calcKineticEnergy();
    return T;
}

Vec3 BodyContacts::calcLinearMomentum() const {
    Vec3 p = Vec3::Zero();
    for (const RigidBody& b : bodies) p += b.calcLinearMomentum();
    return p;
}

std::vector<RigidBody> BodyContacts::calcBodiesAfter(const Eigen::VectorXd& impulse) const {
    std::vector<RigidBody> after = bodies;
    for (int k = 0; k < getContactCount(); ++k) {
        const Vec3 I = calcWorldImpulse(impulse, k);
        after[contacts[k].body1].applyImpulse(I, contacts[k].point);
        after[contacts[k].body2].applyImpulse(-I, contacts[k].point);
    }
    return after;
}

BodyContactPoint makeGroundContact(int body, int ground, const Vec3& point) {
    BodyContactPoint c;
    c.body1 = body;
    c.body2 = ground;
    c.point = point;
    c.frame = ContactFrame::makeFromNormalAndTangent(Vec3::UnitZ(), Vec3::UnitX());
    return c;
}

BodyContactPoint makeSphereSphereContact(int body1, const Vec3& centre1, double radius1, int body2,
                                         const Vec3& centre2) {
    const Vec3 n = (centre1 - centre2).normalized();
    BodyContactPoint c;
    c.body1 = body1;
    c.body2 = body2;
    c.point = centre1 - radius1 * n;
    c.frame = ContactFrame::makeFromNormal(n);
    return c;
}

}  // namespace impactlab
