#include "vehicle/VehicleSweep.h"

#include <cmath>
#include <limits>

namespace impactlab {

namespace {

const VehicleImpactOutcome& getVehicle2(const VehicleCollisionResult& r, const std::string& name) {
    if (!r.vehicle2) throw InputError("sweep.output", "'" + name + "' needs vehicle 2 (the collision has a barrier)");
    return *r.vehicle2;
}

std::vector<double> makeSamples(const SweepAxis& axis, const std::string& field) {
    if (!std::isfinite(axis.from) || !std::isfinite(axis.to))
        throw InputError(field, "range must be finite numbers");
    if (axis.count < 1) throw InputError(field + ".count", "must be >= 1");
    std::vector<double> v(static_cast<size_t>(axis.count));
    for (int i = 0; i < axis.count; ++i)
        v[static_cast<size_t>(i)] =
            axis.count == 1 ? axis.from : axis.from + (axis.to - axis.from) * i / (axis.count - 1.0);
    return v;
}

}  // namespace

const std::vector<SweepAxis>& getVehicleSweepInputs() {
    // Points per axis of the default map: a 21 x 21 grid solves in a few ms.
    constexpr int kPoints = 21;
    static const std::vector<SweepAxis> inputs = {
        {"epsilon", 0.0, 1.0, kPoints},          {"mu_user", 0.0, 1.2, kPoints},
        {"impact_offset", -0.8, 0.8, kPoints},   {"normal_angle_offset", -0.5, 0.5, kPoints},
        {"speed1", 1.0, 30.0, kPoints},          {"speed2", 0.0, 30.0, kPoints},
    };
    return inputs;
}

SweepAxis getVehicleSweepAxis(const std::string& input) {
    for (const SweepAxis& a : getVehicleSweepInputs())
        if (a.input == input) return a;
    throw InputError("sweep.input", "unknown input '" + input + "'");
}

const std::vector<std::pair<std::string, std::string>>& getVehicleSweepOutputs() {
    static const std::vector<std::pair<std::string, std::string>> outputs = {
        {"delta_v1", "m/s"},         {"delta_v2", "m/s"},         {"delta_v1_kmh", "km/h"},
        {"delta_v2_kmh", "km/h"},    {"pdof1_deg", "deg"},        {"pdof2_deg", "deg"},
        {"ees1", "m/s"},             {"ees2", "m/s"},             {"energy_dissipated", "J"},
        {"speed1_after", "m/s"},     {"speed2_after", "m/s"},     {"yaw_rate1_after", "rad/s"},
        {"yaw_rate2_after", "rad/s"}, {"mu_tilde", "1"},          {"mu", "1"},
        {"normal_impulse", "N s"},
    };
    return outputs;
}

double getVehicleCollisionOutput(const VehicleCollisionResult& r, const std::string& name) {
    if (name == "delta_v1") return r.vehicle1.deltaV;
    if (name == "delta_v2") return getVehicle2(r, name).deltaV;
    if (name == "delta_v1_kmh") return r.vehicle1.deltaVKmh;
    if (name == "delta_v2_kmh") return getVehicle2(r, name).deltaVKmh;
    if (name == "pdof1_deg") return r.vehicle1.pdofDeg;
    if (name == "pdof2_deg") return getVehicle2(r, name).pdofDeg;
    if (name == "ees1") return r.vehicle1.ees;
    if (name == "ees2") return getVehicle2(r, name).ees;
    if (name == "energy_dissipated") return r.energyDissipated;
    if (name == "speed1_after") return r.vehicle1.velocityAfter.norm();
    if (name == "speed2_after") return getVehicle2(r, name).velocityAfter.norm();
    if (name == "yaw_rate1_after") return r.vehicle1.yawRateAfter;
    if (name == "yaw_rate2_after") return getVehicle2(r, name).yawRateAfter;
    if (name == "mu_tilde") return r.muTilde;
    if (name == "mu") return r.mu;
    if (name == "normal_impulse") return r.impact.normalImpulse();
    std::string known;
    for (const auto& o : getVehicleSweepOutputs()) known += (known.empty() ? "" : ", ") + o.first;
    throw InputError("sweep.output", "unknown output '" + name + "' (known: " + known + ")");
}

void setVehicleCollisionInput(VehicleCollisionInput& in, const VehicleCollisionInput& base, const std::string& name,
                              double value) {
    if (name == "epsilon") {
        in.epsilon = value;
    } else if (name == "mu_user") {
        in.muUser = value;
    } else if (name == "impact_offset") {
        in.impactPoint = base.impactPoint + value * base.calcPlaneTangent();
    } else if (name == "normal_angle") {
        in.normalAngle = value;
    } else if (name == "normal_angle_offset") {
        in.normalAngle = base.normalAngle + value;
    } else if (name == "speed1") {
        in.vehicle1.velocity = value * in.vehicle1.calcForward();
    } else if (name == "speed2") {
        if (!in.vehicle2) throw InputError("sweep.input", "'speed2' needs vehicle 2 (the collision has a barrier)");
        in.vehicle2->velocity = value * in.vehicle2->calcForward();
    } else {
        throw InputError("sweep.input", "unknown input '" + name +
                                            "' (known: epsilon, mu_user, impact_offset, normal_angle, "
                                            "normal_angle_offset, speed1, speed2)");
    }
}

SweepGrid sweep(const VehicleCollisionInput& base, const SweepAxis& axis1, const std::optional<SweepAxis>& axis2,
                const std::string& output, const VehicleCollisionOptions& options) {
    SweepGrid g;
    g.output = output;
    g.axis1 = axis1;
    g.axis2 = axis2;
    g.values1 = makeSamples(axis1, "sweep.axis1");
    if (axis2) g.values2 = makeSamples(*axis2, "sweep.axis2");
    // Check the names once, so a typo throws instead of filling the grid with NaN.
    {
        VehicleCollisionInput probe = base;
        setVehicleCollisionInput(probe, base, axis1.input, g.values1.front());
        if (axis2) setVehicleCollisionInput(probe, base, axis2->input, g.values2.front());
        VehicleCollisionResult shape;
        if (base.vehicle2) shape.vehicle2 = VehicleImpactOutcome{};
        getVehicleCollisionOutput(shape, output);   // throws for an unknown or barrier-less name
    }

    VehicleCollisionOptions solveOptions = options;
    solveOptions.recordTrace = false;
    const int n2 = axis2 ? axis2->count : 1;
    g.values.resize(axis1.count, n2);
    for (int i = 0; i < axis1.count; ++i) {
        for (int j = 0; j < n2; ++j) {
            VehicleCollisionInput in = base;
            setVehicleCollisionInput(in, base, axis1.input, g.values1[static_cast<size_t>(i)]);
            if (axis2) setVehicleCollisionInput(in, base, axis2->input, g.values2[static_cast<size_t>(j)]);
            try {
                g.values(i, j) = getVehicleCollisionOutput(solveVehicleCollision(in, solveOptions), output);
            } catch (const InputError& e) {
                g.values(i, j) = std::numeric_limits<double>::quiet_NaN();
                if (g.invalidPoints++ == 0) g.warnings.push_back(std::string("invalid grid point: ") + e.what());
            }
        }
    }
    if (g.invalidPoints > 0)
        g.warnings.push_back(std::to_string(g.invalidPoints) + " of " + std::to_string(axis1.count * n2) +
                             " grid points are invalid (NaN)");
    return g;
}

}  // namespace impactlab
