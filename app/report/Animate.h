#pragma once
// impactlab-report --animate SCENE --out FILE ...: Animate.cpp. Returns the
// exit code. It makes the QApplication itself, once the command line is
// checked, so a bad request is answered before Qt starts.
int runAnimate(int argc, char** argv);
