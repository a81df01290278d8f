#pragma once
// The forward model a reconstruction inverts (docs/reconstruction-format.md):
// a vehicle scene with some of its numeric values replaced, run through the
// Kudlich-Slibar collision and each vehicle's run-out to rest, reduced to the
// quantities evidence can observe.
//
// A target is a JSON pointer into the scene document. The values the forward
// model reads directly (each vehicle's mass, yaw_inertia, position/0|1,
// heading, speed, yaw_rate, length, width; contact/friction and restitution;
// collision/impact_point/0|1 and normal_angle; run_out/drag_factor) are set
// on the scene's VehicleSetup without reading the document again, which keeps
// a prediction in the microseconds. Any other numeric value is written into a
// copy of the document, which is read again (readVehicleScene).
#include <optional>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace impactlab {

struct VehiclePrediction {
    Vec2 separationVelocity = Vec2::Zero();   // m/s, CG just after the collision
    double yawRate = 0.0;                     // rad/s, just after
    double deltaV = 0.0;                      // m/s
    double pdofDeg = 0.0;                     // deg, SAE sense
    double ees = 0.0;                         // m/s
    Vec2 restPosition = Vec2::Zero();         // m
    double restHeading = 0.0;                 // rad
};

struct Prediction {
    std::vector<VehiclePrediction> vehicles;  // 1 against a barrier, else 2
};

class ForwardModel {
public:
    // `fields[i]` names target i in errors ("reconstruction.unknowns[0].target").
    // Throws InputError(fields[i]) for a pointer that is malformed or names no
    // numeric value of the scene.
    ForwardModel(const VehicleScene& scene, const std::vector<std::string>& targets,
                 const std::vector<std::string>& fields);

    int getTargetCount() const { return static_cast<int>(bindings_.size()); }
    int getVehicleCount() const { return vehicle2_ ? 2 : 1; }
    // Target i's value in the scene as given.
    double getSceneValue(int i) const { return sceneValues_[i]; }

    // The prediction with target i set to values[i]; nullopt when the scene
    // does not admit them (the vehicles do not approach at the impact point,
    // a mass not > 0, the law failed), with the reason in `why` if given.
    std::optional<Prediction> predict(const std::vector<double>& values, std::string* why = nullptr) const;

private:
    enum class Field {
        Mass, YawInertia, PositionX, PositionY, Heading, Speed, YawRate, Length, Width,
        Friction, Restitution, ImpactX, ImpactY, NormalAngle, DragFactor, Document
    };
    struct Binding {
        Field field = Field::Document;
        int vehicle = 0;
        std::string pointer;
    };
    // Per vehicle, the inputs of Vehicle::makeWithSpeed.
    struct VehicleInputs {
        double mass, yawInertia, x, y, heading, speed, yawRate, length, width;
    };

    static std::optional<Binding> bindDirect(const std::string& pointer);
    double readDirect(const Binding& b) const;
    static void writeDirect(const Binding& b, double value, std::vector<VehicleInputs>& vehicles,
                            VehicleSetup& setup);
    std::optional<Prediction> run(const VehicleSetup& setup, const std::vector<VehicleInputs>& vehicles,
                                  std::string* why) const;

    VehicleScene scene_;
    std::vector<Binding> bindings_;
    std::vector<double> sceneValues_;
    std::vector<VehicleInputs> vehicles_;
    bool vehicle2_ = false;
    bool anyDocument_ = false;
};

}  // namespace impactlab
