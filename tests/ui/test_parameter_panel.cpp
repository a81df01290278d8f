// The parameter panel: rows built from SceneParameters, slider and spin box in
// step, SI values out (radians for angles shown in degrees), and programmatic
// updates that stay silent.
#include <QComboBox>
#include <QAction>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSlider>
#include <QToolButton>

#include <gtest/gtest.h>

#include <cmath>

#include "panel/OverlayDialog.h"
#include "panel/ParameterPanel.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

// Values that land exactly on a slider tick are computed as min + span * i / n:
// a few roundings of O(1) numbers, so 1e-12 is ample and still catches any
// unit slip (degrees for radians is off by a factor 57).
constexpr double kRoundOffTol = 1e-12;
// The spin box shows 2 decimals for degrees over 90 deg: displayed values are
// good to half a hundredth.
constexpr double kDisplayTol = 0.005 + 1e-9;

std::vector<SceneParameter> makeParameters() {
    SceneParameter height;
    height.id = "height";
    height.label = "Drop height";
    height.unit = "m";
    height.help = "Initial height of the ball's centre.";
    height.min = 0.1;
    height.max = 2.0;
    height.value = 1.0;

    SceneParameter angle;
    angle.id = "angle";
    angle.label = "Tilt";
    angle.unit = "rad";
    angle.help = "Tilt of the bar.";
    angle.min = 0.0;
    angle.max = kPi / 2;
    angle.value = 0.3;

    SceneParameter law;
    law.id = "law";
    law.label = "Impact law";
    law.kind = SceneParameter::Kind::Choice;
    law.help = "Which impact law resolves the contacts.";
    law.target = "/contact/law";   // as in the scenes: the panel shows the laws' display names
    law.choices = {"newton", "poisson", "stronge"};
    law.choice = "stronge";
    return {height, angle, law};
}

TEST(ParameterPanel, BuildsOneRowPerParameter) {
    ParameterPanel panel;
    panel.setParameters(makeParameters());
    EXPECT_EQ(panel.parameterIds(), (QStringList{"height", "angle", "law"}));

    ASSERT_NE(panel.slider("height"), nullptr);
    ASSERT_NE(panel.spinBox("height"), nullptr);
    EXPECT_EQ(panel.spinBox("height")->suffix(), QStringLiteral(" m"));
    EXPECT_NEAR(panel.spinBox("height")->value(), 1.0, kRoundOffTol);
    EXPECT_TRUE(panel.slider("height")->toolTip().contains("Initial height"));

    ASSERT_NE(panel.spinBox("angle"), nullptr);
    EXPECT_EQ(panel.spinBox("angle")->suffix(), QStringLiteral(" deg"));
    EXPECT_NEAR(panel.spinBox("angle")->maximum(), 90.0, kDisplayTol);
    EXPECT_NEAR(panel.spinBox("angle")->value(), 0.3 * 180 / kPi, kDisplayTol);
    EXPECT_TRUE(panel.spinBox("angle")->toolTip().contains("degrees"));
    EXPECT_NEAR(panel.value("angle"), 0.3, kRoundOffTol);

    ASSERT_NE(panel.comboBox("law"), nullptr);
    EXPECT_EQ(panel.comboBox("law")->count(), 3);
    EXPECT_EQ(panel.choice("law"), QStringLiteral("stronge"));
    EXPECT_EQ(panel.slider("law"), nullptr);
}

TEST(ParameterPanel, SliderEmitsSiValue) {
    ParameterPanel panel;
    panel.setParameters(makeParameters());
    QSignalSpy spy(&panel, &ParameterPanel::numberChanged);

    ASSERT_TRUE(panel.setSliderPosition("height", 0.5));
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(0).toString(), QStringLiteral("height"));
    // 1000 ticks over 1.9 m: the nearest tick is within half a tick of 0.5 m.
    const double halfTick = 0.5 * (2.0 - 0.1) / kContinuousSliderTicks;
    EXPECT_NEAR(spy.at(0).at(1).toDouble(), 0.5, halfTick);
    // The spin box shows 3 decimals of a metre: half its last digit.
    constexpr double kSpinBoxRoundingTol = 0.5e-3;   // m
    EXPECT_NEAR(panel.spinBox("height")->value(), spy.at(0).at(1).toDouble(), kSpinBoxRoundingTol);

    // pi/4 is tick 500 of 1000 exactly: radians out, degrees shown.
    ASSERT_TRUE(panel.setSliderPosition("angle", kPi / 4));
    ASSERT_EQ(spy.count(), 2);
    EXPECT_EQ(spy.at(1).at(0).toString(), QStringLiteral("angle"));
    EXPECT_NEAR(spy.at(1).at(1).toDouble(), kPi / 4, kRoundOffTol);
    EXPECT_NEAR(panel.spinBox("angle")->value(), 45.0, kDisplayTol);

    // A drag back to where the slider already is still reports once.
    ASSERT_TRUE(panel.setSliderPosition("angle", kPi / 4));
    EXPECT_EQ(spy.count(), 3);

    EXPECT_FALSE(panel.setSliderPosition("law", 1.0));
    EXPECT_FALSE(panel.setSliderPosition("missing", 1.0));
    EXPECT_EQ(spy.count(), 3);
}

TEST(ParameterPanel, SpinBoxEntryEmitsOnceAndMovesTheSlider) {
    ParameterPanel panel;
    panel.setParameters(makeParameters());
    QSignalSpy spy(&panel, &ParameterPanel::numberChanged);
    panel.spinBox("angle")->setValue(30.0);  // as typed, in degrees
    ASSERT_EQ(spy.count(), 1);
    EXPECT_NEAR(spy.at(0).at(1).toDouble(), 30.0 * kPi / 180.0, kRoundOffTol);
    EXPECT_EQ(panel.slider("angle")->value(), 333);  // 30/90 of 1000 ticks
}

TEST(ParameterPanel, ProgrammaticSetValueIsSilent) {
    ParameterPanel panel;
    panel.setParameters(makeParameters());
    QSignalSpy numbers(&panel, &ParameterPanel::numberChanged);
    QSignalSpy choices(&panel, &ParameterPanel::choiceChanged);

    ASSERT_TRUE(panel.setValue("height", 1.5));
    ASSERT_TRUE(panel.setValue("angle", 0.5));
    ASSERT_TRUE(panel.setChoice("law", "newton"));
    EXPECT_EQ(numbers.count(), 0);
    EXPECT_EQ(choices.count(), 0);

    EXPECT_NEAR(panel.value("height"), 1.5, kRoundOffTol);
    EXPECT_NEAR(panel.spinBox("height")->value(), 1.5, kRoundOffTol);
    EXPECT_EQ(panel.slider("height")->value(), 737);  // (1.5 - 0.1) / 1.9 * 1000 = 736.8
    EXPECT_NEAR(panel.spinBox("angle")->value(), 0.5 * 180 / kPi, kDisplayTol);
    EXPECT_EQ(panel.choice("law"), QStringLiteral("newton"));

    // Out of range is clamped; unknown ids are refused.
    ASSERT_TRUE(panel.setValue("height", 7.0));
    EXPECT_NEAR(panel.value("height"), 2.0, kRoundOffTol);
    EXPECT_FALSE(panel.setValue("law", 1.0));
    EXPECT_FALSE(panel.setChoice("law", "kane"));
    EXPECT_EQ(numbers.count(), 0);
}

TEST(ParameterPanel, ComboEmitsChoice) {
    ParameterPanel panel;
    panel.setParameters(makeParameters());
    QSignalSpy spy(&panel, &ParameterPanel::choiceChanged);
    panel.comboBox("law")->setCurrentIndex(1);
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(0).toString(), QStringLiteral("law"));
    EXPECT_EQ(spy.at(0).at(1).toString(), QStringLiteral("poisson"));
}

TEST(ParameterPanel, LawChoiceShowsDisplayNamesAndKeepsIds) {
    // The user reads "Stronge"; the document, choice() and choiceChanged keep "stronge".
    ParameterPanel panel;
    panel.setParameters(makeParameters());
    QComboBox* combo = panel.comboBox("law");
    ASSERT_NE(combo, nullptr);
    EXPECT_EQ(combo->currentText(), QStringLiteral("Stronge"));
    EXPECT_EQ(combo->itemText(0), QStringLiteral("Newton"));
    EXPECT_TRUE(combo->itemData(0, Qt::ToolTipRole).toString().contains("id: newton"));
    EXPECT_EQ(panel.choice("law"), QStringLiteral("stronge"));
    ASSERT_TRUE(panel.setChoice("law", "poisson"));
    EXPECT_EQ(combo->currentText(), QStringLiteral("Poisson"));
    EXPECT_FALSE(panel.setChoice("law", "Poisson")) << "a display name is not an id";
}

TEST(ParameterPanel, SteppedSliderHasOneTickPerStep) {
    std::vector<SceneParameter> parameters = makeParameters();
    parameters[0].step = 0.1;  // 19 steps over [0.1, 2]
    ParameterPanel panel;
    panel.setParameters(parameters);
    EXPECT_EQ(panel.slider("height")->maximum(), 19);
    QSignalSpy spy(&panel, &ParameterPanel::numberChanged);
    panel.setSliderPosition("height", 0.74);
    ASSERT_EQ(spy.count(), 1);
    EXPECT_NEAR(spy.at(0).at(1).toDouble(), 0.7, kRoundOffTol);
}

TEST(ParameterPanel, RebuildReplacesRows) {
    ParameterPanel panel;
    panel.setParameters(makeParameters());
    QSlider* old = panel.slider("height");
    std::vector<SceneParameter> parameters = makeParameters();
    parameters.erase(parameters.begin());
    panel.setParameters(parameters);
    EXPECT_EQ(panel.slider("height"), nullptr);
    EXPECT_FALSE(panel.findChildren<QSlider*>().contains(old));
    EXPECT_EQ(panel.findChildren<QSlider*>().size(), 1);
}

// Overlays: the row's menu, the line with its clear button, and
// the dialog's two ways of giving values, in the row's display unit.
TEST(ParameterPanel, OverlayMenuLineAndClearButton) {
    ParameterPanel panel;
    panel.setParameters(makeParameters());
    const QList<QAction*> actions = panel.overlayActions("height");
    ASSERT_EQ(actions.size(), 2);
    EXPECT_TRUE(panel.overlayActions("law").isEmpty()) << "a choice row has no overlay menu";
    EXPECT_EQ(panel.slider("height")->contextMenuPolicy(), Qt::ActionsContextMenu);
    EXPECT_TRUE(panel.overlayText().isEmpty());

    QSignalSpy requested(&panel, &ParameterPanel::overlayRequested);
    EXPECT_TRUE(panel.requestOverlay("height", {0.5, 1.5}));
    ASSERT_EQ(requested.count(), 1);
    EXPECT_EQ(requested.at(0).at(1).value<QVector<double>>(), (QVector<double>{0.5, 1.5}));

    panel.showOverlay("Overlay: height = 0.5 m, 1.5 m", "", "height", {0.5, 1.5});
    EXPECT_EQ(panel.overlayText(), "Overlay: height = 0.5 m, 1.5 m");
    EXPECT_TRUE(actions[1]->isEnabled());
    QSignalSpy cleared(&panel, &ParameterPanel::overlayCleared);
    panel.clearOverlayButton()->click();
    EXPECT_EQ(cleared.count(), 1);
    panel.showOverlay({});
    EXPECT_TRUE(panel.overlayText().isEmpty());
    EXPECT_FALSE(actions[1]->isEnabled());
}

TEST(ParameterPanel, OverlayValuesTypedOrSpacedInDisplayUnits) {
    OverlayRange angle;
    angle.min = 0.0;
    angle.max = kPi / 2;
    angle.displayScale = 180.0 / kPi;   // shown in degrees
    angle.unit = "deg";
    QString error;
    const QVector<double> typed = parseOverlayValues("10, 30;60", angle, &error);
    ASSERT_EQ(typed.size(), 3) << error.toStdString();
    EXPECT_NEAR(typed[1], kPi / 6, kRoundOffTol);
    EXPECT_TRUE(parseOverlayValues("10, 100", angle, &error).isEmpty());
    EXPECT_TRUE(error.contains("value 2 (100) is outside")) << error.toStdString();
    EXPECT_TRUE(parseOverlayValues("10", angle, &error).isEmpty());
    EXPECT_TRUE(error.contains("give 2 to 8 values")) << error.toStdString();
    EXPECT_TRUE(parseOverlayValues("10, x", angle, &error).isEmpty());
    EXPECT_TRUE(parseOverlayValues("10, 10", angle, &error).isEmpty());

    const QVector<double> spaced = makeEvenlySpacedValues(0.0, kPi / 2, 3, angle);
    ASSERT_EQ(spaced.size(), 3);
    EXPECT_NEAR(spaced[1], kPi / 4, kRoundOffTol);
    OverlayRange count;
    count.min = 1.0;
    count.max = 10.0;
    count.step = 1.0;
    EXPECT_EQ(makeEvenlySpacedValues(1.0, 10.0, 4, count), (QVector<double>{1.0, 4.0, 7.0, 10.0}));
    EXPECT_EQ(makeEvenlySpacedValues(1.0, 2.0, 4, count), (QVector<double>{1.0, 2.0})) << "repeats dropped";

    OverlayDialog dialog(angle);
    EXPECT_TRUE(dialog.spacedButton()->isChecked()) << "evenly spaced, without an overlay to edit";
    EXPECT_EQ(dialog.values().size(), 3);
    dialog.listEdit()->setText("15, 45");
    ASSERT_EQ(dialog.values().size(), 2);
    EXPECT_NEAR(dialog.values()[1], kPi / 4, kRoundOffTol);
}

}}  // namespace
}  // namespace impactlab::ui
