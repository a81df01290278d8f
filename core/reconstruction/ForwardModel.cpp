#include "reconstruction/ForwardModel.h"

#include <cmath>

#include "scene/VehicleSceneReader.h"

namespace impactlab {

namespace {

// s. A run-out step this long takes each motion to its exact stop in one
// step (RunOut.h integrates constant decelerations exactly), so only the
// rest pose is computed, not a sampled trajectory.
constexpr double kRestOnlyStep = 1e6;

std::vector<std::string> splitPointer(const std::string& pointer) {
    std::vector<std::string> tokens;
    if (pointer.empty() || pointer[0] != '/') return tokens;
    std::string token;
    for (std::size_t i = 1; i <= pointer.size(); ++i) {
        if (i == pointer.size() || pointer[i] == '/') {
            tokens.push_back(token);
            token.clear();
        } else {
            token += pointer[i];
        }
    }
    return tokens;
}

}  // namespace

std::optional<ForwardModel::Binding> ForwardModel::bindDirect(const std::string& pointer) {
    const std::vector<std::string> t = splitPointer(pointer);
    Binding b;
    b.pointer = pointer;
    auto bound = [&b](Field field) {
        b.field = field;
        return std::optional<Binding>(b);
    };
    if (t.size() == 2 && t[0] == "contact") {
        if (t[1] == "friction") return bound(Field::Friction);
        if (t[1] == "restitution") return bound(Field::Restitution);
    } else if (t.size() == 2 && t[0] == "run_out" && t[1] == "drag_factor") {
        return bound(Field::DragFactor);
    } else if (t.size() >= 2 && t[0] == "collision") {
        if (t.size() == 2 && t[1] == "normal_angle") return bound(Field::NormalAngle);
        if (t.size() == 3 && t[1] == "impact_point" && (t[2] == "0" || t[2] == "1"))
            return bound(t[2] == "0" ? Field::ImpactX : Field::ImpactY);
    } else if (t.size() >= 3 && t[0] == "vehicles" && (t[1] == "0" || t[1] == "1")) {
        b.vehicle = t[1] == "0" ? 0 : 1;
        if (t.size() == 4 && t[2] == "position" && (t[3] == "0" || t[3] == "1"))
            return bound(t[3] == "0" ? Field::PositionX : Field::PositionY);
        if (t.size() != 3) return std::nullopt;
        const std::pair<const char*, Field> names[] = {
            {"mass", Field::Mass},       {"yaw_inertia", Field::YawInertia}, {"heading", Field::Heading},
            {"speed", Field::Speed},     {"yaw_rate", Field::YawRate},       {"length", Field::Length},
            {"width", Field::Width}};
        for (const auto& [name, field] : names)
            if (t[2] == name) return bound(field);
    }
    return std::nullopt;
}

ForwardModel::ForwardModel(const VehicleScene& scene, const std::vector<std::string>& targets,
                           const std::vector<std::string>& fields)
    : scene_(scene) {
    const VehicleCollisionInput& c = scene.vehicles.collision;
    vehicle2_ = c.vehicle2.has_value();
    auto inputsOf = [](const Vehicle& v) {
        return VehicleInputs{v.mass,    v.yawInertia, v.position.x(),          v.position.y(), v.heading,
                             v.calcSpeedAlongHeading(), v.yawRate, v.length, v.width};
    };
    vehicles_.push_back(inputsOf(c.vehicle1));
    if (c.vehicle2) vehicles_.push_back(inputsOf(*c.vehicle2));
    // The speed as written (v . forward would carry round-off into `start`).
    const auto docVehicles = scene.document.find("vehicles");
    for (std::size_t i = 0; docVehicles != scene.document.end() && docVehicles->is_array() && i < vehicles_.size() &&
                            i < docVehicles->size();
         ++i) {
        const nlohmann::json& v = (*docVehicles)[i];
        if (v.is_object() && v.contains("speed") && v["speed"].is_number()) vehicles_[i].speed = v["speed"].get<double>();
    }

    for (std::size_t i = 0; i < targets.size(); ++i) {
        const std::string& target = targets[i];
        std::optional<Binding> b = bindDirect(target);
        if (b && b->vehicle >= getVehicleCount())
            throw InputError(fields[i], "no vehicle " + std::to_string(b->vehicle) + " in this scene (" + target + ")");
        if (!b) {
            // Any other numeric value of the document.
            nlohmann::json::json_pointer p;
            try {
                p = nlohmann::json::json_pointer(target);
            } catch (const nlohmann::json::exception&) {
                throw InputError(fields[i], "not a JSON pointer: \"" + target + "\"");
            }
            if (!scene.document.contains(p) || !scene.document.at(p).is_number())
                throw InputError(fields[i], "no numeric scene value at " + target);
            b = Binding{Field::Document, 0, target};
            anyDocument_ = true;
        }
        bindings_.push_back(*b);
        sceneValues_.push_back(b->field == Field::Document ? scene.document.at(nlohmann::json::json_pointer(target)).get<double>()
                                                           : readDirect(*b));
    }
}

double ForwardModel::readDirect(const Binding& b) const {
    const VehicleSetup& s = scene_.vehicles;
    const VehicleInputs* v = b.vehicle < getVehicleCount() ? &vehicles_[b.vehicle] : nullptr;
    switch (b.field) {
        case Field::Mass: return v->mass;
        case Field::YawInertia: return v->yawInertia;
        case Field::PositionX: return v->x;
        case Field::PositionY: return v->y;
        case Field::Heading: return v->heading;
        case Field::Speed: return v->speed;
        case Field::YawRate: return v->yawRate;
        case Field::Length: return v->length;
        case Field::Width: return v->width;
        case Field::Friction: return s.collision.muUser;
        case Field::Restitution: return s.collision.epsilon;
        case Field::ImpactX: return s.collision.impactPoint.x();
        case Field::ImpactY: return s.collision.impactPoint.y();
        case Field::NormalAngle: return s.collision.normalAngle;
        case Field::DragFactor: return s.runOut.dragFactor;
        case Field::Document: break;
    }
    return 0.0;
}

void ForwardModel::writeDirect(const Binding& b, double value, std::vector<VehicleInputs>& vehicles,
                               VehicleSetup& setup) {
    VehicleInputs& v = vehicles[static_cast<std::size_t>(b.vehicle)];
    switch (b.field) {
        case Field::Mass: v.mass = value; break;
        case Field::YawInertia: v.yawInertia = value; break;
        case Field::PositionX: v.x = value; break;
        case Field::PositionY: v.y = value; break;
        case Field::Heading: v.heading = value; break;
        case Field::Speed: v.speed = value; break;
        case Field::YawRate: v.yawRate = value; break;
        case Field::Length: v.length = value; break;
        case Field::Width: v.width = value; break;
        case Field::Friction: setup.collision.muUser = value; break;
        case Field::Restitution: setup.collision.epsilon = value; break;
        case Field::ImpactX: setup.collision.impactPoint.x() = value; break;
        case Field::ImpactY: setup.collision.impactPoint.y() = value; break;
        case Field::NormalAngle: setup.collision.normalAngle = value; break;
        case Field::DragFactor: setup.runOut.dragFactor = value; break;
        case Field::Document: break;
    }
}

std::optional<Prediction> ForwardModel::predict(const std::vector<double>& values, std::string* why) const {
    VehicleSetup setup = scene_.vehicles;
    std::vector<VehicleInputs> vehicles = vehicles_;
    try {
        if (anyDocument_) {
            nlohmann::json doc = scene_.document;
            for (std::size_t i = 0; i < bindings_.size(); ++i)
                if (bindings_[i].field == Field::Document) doc[nlohmann::json::json_pointer(bindings_[i].pointer)] = values[i];
            const ForwardModel reread(readVehicleScene(doc), {}, {});
            setup = reread.scene_.vehicles;
            vehicles = reread.vehicles_;
        }
    } catch (const InputError& e) {
        if (why) *why = e.what();
        return std::nullopt;
    }
    for (std::size_t i = 0; i < bindings_.size(); ++i)
        if (bindings_[i].field != Field::Document) writeDirect(bindings_[i], values[i], vehicles, setup);
    return run(setup, vehicles, why);
}

std::optional<Prediction> ForwardModel::run(const VehicleSetup& base, const std::vector<VehicleInputs>& vehicles,
                                            std::string* why) const {
    VehicleCollisionInput input = base.collision;
    auto make = [](const VehicleInputs& v) {
        return Vehicle::makeWithSpeed(v.mass, v.yawInertia, Vec2(v.x, v.y), v.heading, v.speed, v.yawRate,
                                      v.length, v.width);
    };
    input.vehicle1 = make(vehicles[0]);
    if (vehicle2_) input.vehicle2 = make(vehicles[1]);
    VehicleCollisionOptions options;
    options.recordTrace = false;
    try {
        const VehicleCollisionResult c = solveVehicleCollision(input, options);
        if (c.impact.status != SolveStatus::Converged) {
            if (why) *why = std::string("collision: ") + toString(c.impact.status);
            return std::nullopt;
        }
        RunOutOptions runOut = base.runOut;
        runOut.sampleInterval = kRestOnlyStep;
        Prediction p;
        auto add = [&](const VehicleImpactOutcome& o, const Vehicle& after, const std::string& field) {
            const RunOutResult r = calcRunOut(after, runOut, field);
            VehiclePrediction v;
            v.separationVelocity = o.velocityAfter;
            v.yawRate = o.yawRateAfter;
            v.deltaV = o.deltaV;
            v.pdofDeg = o.pdofDeg;
            v.ees = o.ees;
            v.restPosition = r.restPosition;
            v.restHeading = r.restHeading;
            p.vehicles.push_back(v);
        };
        add(c.vehicle1, c.vehicle1After, "vehicles[0]");
        if (vehicle2_) add(*c.vehicle2, *c.vehicle2After, "vehicles[1]");
        return p;
    } catch (const InputError& e) {
        if (why) *why = e.what();
        return std::nullopt;
    }
}

}  // namespace impactlab
